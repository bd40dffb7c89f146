import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Gzip (or deflate) for the players' JSON answers when the player accepts it: a 20k-scene HereSphere scan is
 * about 14 MB of JSON and a DeoVR library about 5 MB, which headsets fetch over Wi-Fi. Level 4 keeps the CPU
 * cost small on NAS hardware for most of the gain. Registered inside the players' route plugins only, so media
 * streams are never compressed.
 */
export async function registerPlayerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['gzip', 'deflate'],
    threshold: 2048,
    zlibOptions: { level: 4 },
  });
}
