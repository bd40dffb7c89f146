import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { HeatmapThumbnailService } from '../services/heatmap-thumbnail.service';

const DESCRIPTION =
  "A 700x420 JPEG (quality 90) of the cover with the scene's funscript heatmaps (up to 20, in the players " +
  'script order) stacked at the bottom, 13 px each: HereSphere thumbnails when render_heatmaps is on. The ' +
  'cover URL is written as for /img (https:/host/a.jpg or encodeURI-encoded) and fetched through the image ' +
  'proxy. 200 with an ETag and Cache-Control no-cache (no-store when the cover could not be fetched); 304 for ' +
  'a matching If-None-Match. A scene without heatmaps answers the plain /img/700x,jpeg/ image. Failures answer a ' +
  'transparent 1x1 PNG: 400 (bad scene id or cover URL), 404 (no such scene), 500.';

/** `GET /imghm/{sceneId}/{cover URL}`; the raw request URL is read so the cover URL arrives as written. */
export function imghmRoutes(deps: { thumbnails: HeatmapThumbnailService }): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/imghm/:sceneId/*',
      {
        schema: {
          // The wildcard holds the cover URL; bounded like a URL.
          params: z.object({ sceneId: z.string().max(200), '*': z.string().max(8_192) }),
          tags: ['media'],
          summary: 'A scene cover with its funscript heatmaps (HereSphere thumbnails)',
          description: DESCRIPTION,
        },
      },
      async (request, reply) => {
        const answer = await deps.thumbnails.serve(
          request.raw.url ?? request.url,
          request.headers['if-none-match'],
        );
        return reply
          .status(answer.status)
          .headers(answer.headers)
          .send(answer.body ?? undefined);
      },
    );
  };
}
