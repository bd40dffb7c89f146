import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError, NumericIdParam } from '@fovea/contract';
import type { FastifyReply } from 'fastify';
import { ifNoneMatchHas } from '../http/if-none-match';
import { BLANK_IMAGE } from './blank-image';
import type { SceneFrameService } from './scene-frame.service';

const errors = { '4xx': ApiError, '5xx': ApiError };

const DESCRIPTION =
  'Fovea only. A frame of the scene’s first video file on disk (players video order), taken a quarter into ' +
  'the video, 640 px wide JPEG (one eye of a VR video), made on the first request and kept in the data folder ' +
  '(frames/). The web cards, headset thumbnails and DLNA art use it for scenes without a cover. 200 image/jpeg ' +
  'with an ETag (304 when it matches); a scene without a readable video answers a transparent 1x1 PNG with 200, ' +
  'Cache-Control no-cache and X-Fovea-Frame: no-video or failed (a failed file is not tried again until it ' +
  'changes). 404 for an unknown scene.';

interface FrameAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The frame (200, or 304 when the ETag matches), or the blank image with 200 when the scene has none. */
async function frameAnswer(
  frames: SceneFrameService,
  sceneId: number,
  ifNoneMatch: string | undefined,
): Promise<FrameAnswer> {
  const frame = await frames.frame(sceneId);
  if (frame.kind === 'blank') {
    return {
      status: 200,
      headers: { 'content-type': 'image/png', 'cache-control': 'no-cache', 'x-fovea-frame': frame.reason },
      body: BLANK_IMAGE,
    };
  }
  const headers = { 'cache-control': 'private, max-age=86400', etag: frame.etag };
  if (ifNoneMatchHas(ifNoneMatch, frame.etag)) return { status: 304, headers, body: null };
  return {
    status: 200,
    headers: { ...headers, 'content-type': 'image/jpeg' },
    body: await readFile(frame.file),
  };
}

function send(reply: FastifyReply, answer: FrameAnswer, head: boolean): FastifyReply {
  return reply
    .status(answer.status)
    .headers(answer.headers)
    .send(head || answer.body === null ? undefined : answer.body);
}

/** GET/HEAD /api/dms/frame/{id}: not JSON, so not in the contract's route table. */
export function sceneFrameRoutes(deps: { frames: SceneFrameService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Frames being made read the database: they finish before it closes.
    app.addHook('onClose', async () => deps.frames.idle());
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/dms/frame/:id',
      exposeHeadRoute: false,
      schema: {
        tags: ['media'],
        summary: 'A frame of a scene’s video (JPEG)',
        description: DESCRIPTION,
        params: NumericIdParam,
        response: errors,
      },
      handler: async (request, reply) => {
        const answer = await frameAnswer(deps.frames, request.params.id, request.headers['if-none-match']);
        return send(reply, answer, request.method === 'HEAD');
      },
    });
  };
}
