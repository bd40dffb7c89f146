import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError } from '@fovea/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SubtitleService } from '../services/subtitle.service';

const SubtitleParam = z.object({ fileId: z.coerce.number().int().nonnegative() });

/** Text, not JSON: sent past the route's (error-only) response schema. */
const sendVtt = (reply: FastifyReply, vtt: string): FastifyReply =>
  reply.header('content-type', 'text/vtt; charset=utf-8').header('cache-control', 'no-cache').send(vtt);

/** Subtitle files as WebVTT (not JSON, so not in the contract's route table); Fovea only. */
export function subtitleRoutes(deps: { subtitles: SubtitleService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dms/subtitles/:fileId',
      {
        schema: {
          tags: ['media'],
          summary: 'A subtitle file as WebVTT (text/vtt)',
          description:
            "For the web player's <track>: .srt and .ass/.ssa converted, .vtt as it is. 404 for an unknown " +
            'file or one that is not subtitles; 422 for a file over 4 MB or a .vtt that is not WebVTT. ' +
            'Cache-Control no-cache (a rescan may replace the file).',
          params: SubtitleParam,
          response: { '4xx': ApiError, '5xx': ApiError },
        },
      },
      async (request, reply) => sendVtt(reply, await deps.subtitles.webVtt(request.params.fileId)),
    );
  };
}
