import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError, DLNA_IMAGES } from '@fovea/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DlnaIcons } from '../dlna/dlna-icons';

const IconParam = z.object({
  name: z
    .string()
    .max(64)
    .regex(
      new RegExp(`^(${DLNA_IMAGES.join('|')})\\.png$`),
      `use one of ${DLNA_IMAGES.join(', ')} with .png`,
    ),
});

function sendPng(reply: FastifyReply, png: Buffer): FastifyReply {
  return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
}

/** `/dlna/icons/<name>.png`: the DLNA icon choices (128 px PNG) for the options page's image picker. */
export function dlnaIconRoutes(deps: { icons: DlnaIcons }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dlna/icons/:name',
      {
        schema: {
          tags: ['media'],
          summary: 'A DLNA icon choice (PNG)',
          description: 'The names come from currentState.dlna.images.',
          params: IconParam,
          response: { '4xx': ApiError },
        },
      },
      async (request, reply) => sendPng(reply, await deps.icons.png(request.params.name.slice(0, -4), 128)),
    );
  };
}
