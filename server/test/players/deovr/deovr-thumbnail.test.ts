import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { DeoLibrarySchema, DeoVideoSchema } from '../schemas/deovr.schemas';
import { setDeoSections } from './deovr-fixture';

let app: FoveaApp;
let images: Server;
let coverUrl: string;
let sceneId: number;

beforeAll(async () => {
  const cover = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  images = createServer((request, response) => {
    if (request.url === '/covers/one.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(cover);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  // The image proxy refuses loopback: the covers host is a name the app maps to 127.0.0.1.
  coverUrl = `http://covers.test:${(images.address() as AddressInfo).port}/covers/one.jpg`;
  app = await createTestApp({ imageHostMap: { 'covers.test': '127.0.0.1' } });
  const f = libraryFactory(app.database.db);
  sceneId = await f.scene({ title: 'Covered', cover_url: coverUrl });
  await f.file({ volume_id: await f.volume(), scene_id: sceneId });
  await app.sceneStatus.refreshScenes([sceneId]);
  await setDeoSections(app, [{ name: 'All', ordering: 1, params: JSON.stringify({ dlState: 'any' }) }]);
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => images.close(resolve));
});

it('links library and scene thumbnails to a 700 px JPEG from the image proxy', async () => {
  const headers = { host: '192.168.1.21:9999' };
  const library = DeoLibrarySchema.parse(
    (await app.http.inject({ method: 'GET', url: '/deovr', headers })).json(),
  );
  const video = DeoVideoSchema.parse(
    (await app.http.inject({ method: 'GET', url: `/deovr/${sceneId}`, headers })).json(),
  );
  const thumbnail = library.scenes[0]?.list[0]?.thumbnailUrl ?? '';
  expect(thumbnail).toBe(`http://192.168.1.21:9999/img/700x,jpeg/${coverUrl.replace('://', ':/')}`);
  expect(video.thumbnailUrl).toBe(thumbnail);

  const url = new URL(thumbnail);
  const image = await app.http.inject({ method: 'GET', url: url.pathname + url.search });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/jpeg');
  const meta = await sharp(image.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 700, 400]);
});
