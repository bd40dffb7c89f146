import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError } from '../http/http-errors';

/** Only plain file names: no separators, no dot-dot, never a path from the request. */
const DOWNLOAD_NAME = /^[\w-][\w.-]{0,200}\.json$/;

/**
 * GET /download/{name}: a file of the data folder's downloads (the content bundle, xbvr-wire §12), sent as an
 * attachment. Anything else, and any name that is not a plain file name there, is 404.
 */
export function downloadRoutes(deps: { downloadsDir: string }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { name: string } }>(
      '/download/:name',
      { schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        if (!DOWNLOAD_NAME.test(name) || name.includes('..')) throw new NotFoundError(`No download ${name}`);
        const file = join(deps.downloadsDir, name);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw new NotFoundError(`No download ${name}`);
        return reply
          .header('Content-Disposition', `attachment; filename=${name}`)
          .header('Content-Length', String(info.size))
          .header('Cache-Control', 'no-store')
          .type('application/json')
          .send(createReadStream(file));
      },
    );
  };
}
