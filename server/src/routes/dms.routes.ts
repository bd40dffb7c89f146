import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError, NumericIdParam } from '@fovea/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FileStreamService, StreamAnswer, StreamRequest } from '../services/file-stream.service';

/**
 * Media routes (not JSON, so not in the contract's route table): library files by id, with byte ranges, and
 * funscript heatmaps. Answers are bytes, a put.io redirect, or an ApiError.
 */
const DmsQuery = z.object({
  dnt: z.string().max(16).optional().describe('"true": do not record a watch session ("do not track")'),
});
const HeatmapParam = z.object({ fileId: z.coerce.number().int().nonnegative() });
const errors = { '4xx': ApiError, '5xx': ApiError };

const FILE_DESCRIPTION =
  'The bytes of a library file: 200, or 206 for a Range request (one range; 416 when outside the file), ' +
  'with ETag and Last-Modified. A put.io file answers 302 to its put.io download link (502 when put.io fails). ' +
  'Anything after the id (/api/dms/file/{id}/{name}) is ignored; DeoVR matches scripts by that name. ' +
  'Unless dnt=true, playing a video of a matched scene records a watch session.';

function streamRequest(request: FastifyRequest, dnt?: string): StreamRequest {
  return {
    method: request.method === 'HEAD' ? 'HEAD' : 'GET',
    headers: request.headers,
    track: dnt !== 'true',
  };
}

function send(reply: FastifyReply, answer: StreamAnswer): FastifyReply {
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
  return reply
    .status(answer.status)
    .headers(answer.headers)
    .send(answer.body ?? undefined);
}

export function dmsRoutes(deps: { streams: FileStreamService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Players hold responses open for as long as they play: closing the server must not wait for them.
    app.addHook('preClose', async () => deps.streams.abortAll());

    for (const [url, hide] of [
      ['/api/dms/file/:id', false],
      ['/api/dms/file/:id/*', true],
    ] as const) {
      app.route({
        method: ['GET', 'HEAD'],
        url,
        exposeHeadRoute: false,
        schema: {
          tags: ['media'],
          summary: 'Stream a library file',
          description: FILE_DESCRIPTION,
          params: NumericIdParam,
          querystring: DmsQuery,
          response: errors,
          ...(hide ? { hide: true } : {}),
        },
        handler: async (request, reply) =>
          send(
            reply,
            await deps.streams.serveFile(request.params.id, streamRequest(request, request.query.dnt)),
          ),
      });
    }

    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/dms/heatmap/:fileId',
      exposeHeadRoute: false,
      schema: {
        tags: ['media'],
        summary: "A funscript file's heatmap (PNG)",
        description: 'heatmap-<fileId>.png, made by rescans; Cache-Control no-cache.',
        params: HeatmapParam,
        response: errors,
      },
      handler: async (request, reply) =>
        send(reply, await deps.streams.serveHeatmap(request.params.fileId, streamRequest(request))),
    });
  };
}
