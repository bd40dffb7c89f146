import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError } from '@fovea/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StreamAnswer } from '../services/file-stream.service';
import type { PreviewFileService } from '../services/preview-file.service';

/** A scene_id ("slr-12345") or a test preview name ("test" + sha1 hex); never a path. */
const PreviewNameParam = z.object({
  name: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'A preview name is a scene_id or a test preview name')
    .describe('the scene_id of a scene, or test<sha1> of a test preview'),
});
const errors = { '4xx': ApiError, '5xx': ApiError };

function send(reply: FastifyReply, answer: StreamAnswer): FastifyReply {
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
  return reply
    .status(answer.status)
    .headers(answer.headers)
    .send(answer.body ?? undefined);
}

/** GET/HEAD /api/dms/preview/{name}: a preview clip (not JSON, so not in the contract's route table). */
export function previewRoutes(deps: { files: PreviewFileService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preClose', async () => deps.files.abortAll());
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/dms/preview/:name',
      exposeHeadRoute: false,
      schema: {
        tags: ['media'],
        summary: 'A preview clip (MP4)',
        description:
          'previews/<scene_id>.mp4 made by the preview job, or a test preview (test<sha1>.mp4) of ' +
          'Options → Previews: 200, or 206 for a Range request, with ETag; Cache-Control no-cache. ' +
          '404 when the scene is unknown or has no preview.',
        params: PreviewNameParam,
        response: errors,
      },
      handler: async (request, reply) => {
        const answer = await deps.files.serve(request.params.name, {
          method: request.method === 'HEAD' ? 'HEAD' : 'GET',
          headers: request.headers,
          track: false,
        });
        return send(reply, answer);
      },
    });
  };
}
