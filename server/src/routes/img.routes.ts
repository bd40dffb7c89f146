import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ImageProxyService } from '../images/image-proxy.service';

const DESCRIPTION =
  'The image proxy: /img/{options}/{remote URL}. The remote URL is http(s) only, written with a single slash ' +
  'after the scheme (https:/host/a.jpg) or encodeURI-encoded (https://host/a%20b.jpg), its query string ' +
  'included. Options: 700x (width), x40 (height), 700x420 (crop to fill), 700 (a square), 700,fit (fit ' +
  'inside); anything else (empty, "undefined") gives the original bytes. Images are never enlarged. Only ' +
  'public addresses are fetched (LAN ones when Options → Advanced allows them; this machine never), redirects ' +
  'included. Fetched images are kept in the data folder up to the Options → Cache limit (least recently used ' +
  'removed first). 200 with Cache-Control public, max-age=86400 and an ETag; on failure a transparent 1x1 PNG ' +
  'with 400 (not an http(s) URL), 403 (a refused address), 404 (not found upstream), 502 or 504, ' +
  "Cache-Control no-store, and the reason in X-Fovea-Image-Error. The custom scenes' placeholder cover " +
  '(http://localhost/dont_cause_errors) is never fetched: it answers that PNG with 200.';

/**
 * `GET /img/*`. The remote URL is read from the raw request URL, not from Fastify's decoded wildcard, so
 * `%20`, `//` and the query string reach the remote host as the UI wrote them.
 */
export function imgRoutes(deps: { images: ImageProxyService }): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/img/*',
      {
        schema: {
          // The wildcard holds the size options and the remote URL; bounded like a URL.
          params: z.object({ '*': z.string().max(8_192) }),
          tags: ['media'],
          summary: 'An image through the image proxy',
          description: DESCRIPTION,
        },
      },
      async (request, reply) => {
        const answer = await deps.images.serve(
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
