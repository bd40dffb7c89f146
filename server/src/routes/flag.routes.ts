import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../http/http-errors';
import { FLAG_PATH_PREFIX, type FlagIcons } from '../services/flag-icons.service';

/** Flags come from a pinned package version: a browser may keep them for 30 days. */
const CACHE_CONTROL = 'public, max-age=2592000';
const FILE = /^([a-z]{2}(?:-[a-z]{2,3})?)\.svg$/;
const FlagParam = z.object({ file: z.string().max(32) });

/** `GET /flags/{code}.svg`: a country flag (SVG) from the flag-icons package; 404 for an unknown code. */
export function flagRoutes(deps: { flags: FlagIcons }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { file: string } }>(
      `${FLAG_PATH_PREFIX}:file`,
      {
        schema: {
          params: FlagParam,
          tags: ['media'],
          summary: 'A country flag (SVG), e.g. /flags/us.svg; the flag_url of GET /api/actor/countrylist',
          description:
            'Served from the flag-icons package (4x3). 200 image/svg+xml with Cache-Control public, max-age=2592000; 404 for an unknown code.',
        },
      },
      async (request, reply) => {
        const match = FILE.exec(request.params.file);
        const svg = match?.[1] ? await deps.flags.svg(match[1]) : null;
        if (!svg) throw new NotFoundError(`There is no flag ${request.params.file}`);
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );
  };
}
