import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHas } from './if-none-match';
import { entityTag, findStaticFile, isHashedAsset, resolveStaticPath } from './static-files';

const PREFIX = '/ui/';

/** The web UI at /ui/ (hash router, so index.html is the only page), and / redirecting there. */
export async function registerWebUi(app: FastifyInstance, webDir: string): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(PREFIX, 302));
  app.get('/ui', { schema: { hide: true } }, async (_request, reply) => reply.redirect(PREFIX, 301));

  if (!existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'the web UI is not built; run "npm run build" (npm start does it for you)');
    app.get('/ui/*', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The Fovea web UI is not built yet. Run "npm run build" and reload.'),
    );
    return;
  }

  // GET answers HEAD too (fastify's exposeHeadRoutes), without the body.
  // Not compressed on the fly: the build's textual files come with .br/.gz siblings, the rest are images,
  // fonts and files too small to gain.
  app.get('/ui/*', { schema: { hide: true }, compress: false }, (request, reply) =>
    sendWebFile(request, reply, webDir),
  );
}

async function sendWebFile(
  request: FastifyRequest,
  reply: FastifyReply,
  webDir: string,
): Promise<FastifyReply> {
  const urlPath = request.url.slice(PREFIX.length).split('?')[0] ?? '';
  const path = resolveStaticPath(webDir, urlPath);
  const file = path ? await findStaticFile(path, request.headers['accept-encoding']) : undefined;
  if (!path || !file) {
    return reply
      .status(404)
      .send({ error: 'not_found', message: `There is no ${request.url} in the web UI.` });
  }
  const tag = entityTag(file);
  // Hashed assets never change; index.html must always be fresh so a new build is picked up.
  void reply
    .header('cache-control', isHashedAsset(webDir, path) ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('etag', tag)
    .header('last-modified', file.modified.toUTCString())
    .header('x-content-type-options', 'nosniff');
  if (file.hasVariants) void reply.header('vary', 'accept-encoding');
  if (ifNoneMatchHas(request.headers['if-none-match'], tag)) return reply.status(304).send();
  void reply.type(file.contentType).header('content-length', file.size);
  if (file.encoding) void reply.header('content-encoding', file.encoding);
  return reply.send(createReadStream(file.path));
}
