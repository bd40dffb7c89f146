import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The web UI at /ui/ (hash router, so index.html is the only page), and / redirecting there. */
export async function registerWebUi(app: FastifyInstance, webDir: string): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/ui/', 302));

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

  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/ui/',
    redirect: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(reply, path) {
      // Hashed assets never change; index.html must always be fresh so a new build is picked up.
      void reply.header(
        'cache-control',
        path.includes(join('assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
