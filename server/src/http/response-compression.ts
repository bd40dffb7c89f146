import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for every compressible answer the client accepts: the API's JSON (a 20k-scene HereSphere scan
 * is about 14 MB, a DeoVR library about 5 MB, fetched by headsets over Wi-Fi) and anything else textual. Low
 * levels keep the CPU cost small on NAS hardware for most of the gain. Media are never compressed: their types
 * are not compressible and partial (206) answers are left alone. Brotli quality 5, not 4: a page of 80 scenes
 * (660 KB of JSON) goes from 77 to 68 KB for 10 ms instead of 8 (the cold first page's budget, issue 20). The web UI's files come precompressed from
 * the build (static-web.ts sets their Content-Encoding, which this leaves as it is). Request bodies are not
 * decompressed: a small compressed body could unpack past the body limit.
 */
export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip', 'deflate'],
    threshold: 1024,
    zlibOptions: { level: 4 },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
