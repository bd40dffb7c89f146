import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { renderHeatmapPng } from '../../../src/media/heatmap';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { startTrailerSite, type TrailerSiteServer } from '../../helpers/trailer-site-server';

let app: FoveaApp;
let images: TrailerSiteServer;
let factory: ReturnType<typeof libraryFactory>;
let volumeId: number;

/** A funscript of `count` actions `stepMs` apart, alternating between `low` and `high`. */
function funscript(stepMs: number, low: number, high: number, count = 400): string {
  const actions = Array.from({ length: count }, (_, i) => ({
    at: i * stepMs,
    pos: i % 2 === 0 ? low : high,
  }));
  return JSON.stringify({ version: '1.0', inverted: false, range: 100, actions });
}

type Rgb = [number, number, number];

async function pixels(
  body: Buffer,
): Promise<{ width: number; height: number; at: (x: number, y: number) => Rgb }> {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
    },
  };
}

function near(actual: Rgb, expected: Rgb, tolerance = 24): boolean {
  return actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance);
}

/** The heatmap PNG's colour in the middle of its row (what the thumbnail strip must show there). */
async function heatmapColour(png: Buffer): Promise<Rgb> {
  const image = await pixels(png);
  return image.at(Math.floor(image.width / 2), 2);
}

/** A script of the scene with a real heatmap PNG in the data folder (has_heatmap set). */
async function scriptWithHeatmap(
  sceneId: number,
  filename: string,
  text: string,
  refresh = 0,
): Promise<{ id: number; png: Buffer }> {
  const id = await factory.file({
    volume_id: volumeId,
    scene_id: sceneId,
    type: 'script',
    path: `/videos/scene-${sceneId}`,
    filename,
    has_heatmap: 1,
    refresh_heatmap_cache: refresh,
  });
  const png = await renderHeatmapPng(text);
  if (!png) throw new Error('no heatmap');
  writeFileSync(join(app.paths.heatmaps, `heatmap-${id}.png`), png);
  return { id, png };
}

/** The thumbnails kept on disk. */
function keptThumbnails(): string[] {
  return readdirSync(join(app.paths.images, 'heatmap-thumbnails'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jpg'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const RED: Rgb = [220, 20, 20];
let coverUrl: string;
const coversOrigin = () => images.origin.replace('//127.0.0.1:', '//covers.test:');

beforeAll(async () => {
  // The image proxy refuses loopback: the covers host is a name the app maps to 127.0.0.1.
  app = await createTestApp({ imageHostMap: { 'covers.test': '127.0.0.1' } });
  factory = libraryFactory(app.database.db);
  volumeId = await factory.volume();
  images = await startTrailerSite();
  const cover = await sharp({
    create: { width: 1400, height: 840, channels: 3, background: { r: RED[0], g: RED[1], b: RED[2] } },
  })
    .jpeg()
    .toBuffer();
  images.routes.set('/covers/red.jpg', { contentType: 'image/jpeg', body: cover });
  coverUrl = `${coversOrigin()}/covers/red.jpg`.replace('://', ':/');
});
afterAll(async () => {
  await images.close();
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.http.inject({ method: 'GET', url, headers });

describe('/imghm/<scene id>/<cover>', () => {
  it('stacks the script heatmaps under the cover, in the players script order: 700x420 JPEG', async () => {
    const sceneId = await factory.scene({ is_scripted: 1 });
    const fast = await scriptWithHeatmap(sceneId, 'b-busy.funscript', funscript(500, 0, 100));
    const flat = await scriptWithHeatmap(sceneId, 'a-flat.funscript', funscript(1000, 50, 50));
    const response = await get(`/imghm/${sceneId}/${coverUrl}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const image = await pixels(response.rawPayload);
    expect([image.width, image.height]).toEqual([700, 420]);
    // Cover: 420 - 2*13 = 394 px of red.
    expect(near(image.at(350, 10), RED)).toBe(true);
    expect(near(image.at(350, 390), RED)).toBe(true);
    // Each strip: a 3 px black margin, then 10 px of heatmap. "filename" order: a-flat (white) first.
    expect(near(image.at(350, 395), [0, 0, 0])).toBe(true);
    expect(near(image.at(350, 401), await heatmapColour(flat.png))).toBe(true);
    expect(near(image.at(350, 401), [255, 255, 255])).toBe(true);
    expect(near(image.at(350, 408), [0, 0, 0])).toBe(true);
    const fastColour = await heatmapColour(fast.png);
    expect(near(fastColour, [255, 255, 255])).toBe(false);
    expect(near(fastColour, [0, 0, 0])).toBe(false);
    expect(near(image.at(350, 414), fastColour)).toBe(true);
    // A JPEG of quality 90 (sharp reports the chroma subsampling, not the quality; the size says it is not tiny).
    expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('follows script_sort_seq, keeps the thumbnail on disk, and answers 304 to a matching ETag', async () => {
    const sceneId = await factory.scene({ is_scripted: 1 });
    const fast = await scriptWithHeatmap(sceneId, 'b-busy.funscript', funscript(500, 0, 100));
    await scriptWithHeatmap(sceneId, 'a-flat.funscript', funscript(1000, 50, 50));
    await app.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        players: { ...options.interfaces.players, script_sort_seq: 'filename desc' },
      },
    }));
    try {
      const first = await get(`/imghm/${sceneId}/${coverUrl}`);
      const image = await pixels(first.rawPayload);
      expect(near(image.at(350, 401), await heatmapColour(fast.png))).toBe(true);
      expect(near(image.at(350, 414), [255, 255, 255])).toBe(true);
      const etag = String(first.headers.etag);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await get(`/imghm/${sceneId}/${coverUrl}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    } finally {
      await app.options.update((options) => ({
        ...options,
        interfaces: {
          ...options.interfaces,
          players: { ...options.interfaces.players, script_sort_seq: 'filename' },
        },
      }));
    }
  });

  it('serves the kept copy until a script has refresh_heatmap_cache, then remakes it and clears the flags', async () => {
    const sceneId = await factory.scene({ is_scripted: 1 });
    const script = await scriptWithHeatmap(sceneId, 'only.funscript', funscript(300, 0, 100));
    const made = await get(`/imghm/${sceneId}/${coverUrl}`);
    expect(made.statusCode).toBe(200);
    const kept = keptThumbnails().filter((file) => Buffer.compare(made.rawPayload, readFileSync(file)) === 0);
    expect(kept).toHaveLength(1);
    const file = kept[0] ?? '';
    // Replace the kept copy with a marker: the next answer must be the marker (read from disk).
    const marker = await sharp({ create: { width: 700, height: 420, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    writeFileSync(file, marker);
    const cached = await get(`/imghm/${sceneId}/${coverUrl}`);
    expect(Buffer.compare(cached.rawPayload, marker)).toBe(0);

    await app.database.db
      .updateTable('files')
      .set({ refresh_heatmap_cache: 1 })
      .where('id', '=', script.id)
      .execute();
    const remade = await get(`/imghm/${sceneId}/${coverUrl}`);
    expect(Buffer.compare(remade.rawPayload, marker)).not.toBe(0);
    expect(near((await pixels(remade.rawPayload)).at(350, 10), RED)).toBe(true);
    expect(Buffer.compare(readFileSync(file), remade.rawPayload)).toBe(0);
    const row = await app.database.db
      .selectFrom('files')
      .select('refresh_heatmap_cache')
      .where('id', '=', script.id)
      .executeTakeFirstOrThrow();
    expect(row.refresh_heatmap_cache).toBe(0);
  });

  it('parallel requests for a new thumbnail share one making and get the same bytes', async () => {
    const sceneId = await factory.scene({ is_scripted: 1 });
    await scriptWithHeatmap(sceneId, 'one.funscript', funscript(500, 0, 100));
    const before = keptThumbnails().length;
    const answers = await Promise.all([1, 2, 3].map(() => get(`/imghm/${sceneId}/${coverUrl}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
    expect(keptThumbnails()).toHaveLength(before + 1);
  });

  it('stacks at most 20 heatmaps (cover 160 px high)', async () => {
    const sceneId = await factory.scene({ is_scripted: 1 });
    for (let i = 0; i < 22; i++) {
      await scriptWithHeatmap(sceneId, `s${String(i).padStart(2, '0')}.funscript`, funscript(1000, 50, 50));
    }
    const image = await pixels((await get(`/imghm/${sceneId}/${coverUrl}`)).rawPayload);
    expect([image.width, image.height]).toEqual([700, 420]);
    expect(near(image.at(350, 155), RED)).toBe(true);
    expect(near(image.at(350, 161), [0, 0, 0])).toBe(true);
    expect(near(image.at(350, 168), [255, 255, 255])).toBe(true);
    expect(near(image.at(350, 414), [255, 255, 255])).toBe(true);
  });

  it('without heatmaps answers the plain 700x JPEG proxy image', async () => {
    const sceneId = await factory.scene();
    // A script whose heatmap was never drawn does not count.
    await factory.file({
      volume_id: volumeId,
      scene_id: sceneId,
      type: 'script',
      filename: 'x.funscript',
      has_heatmap: 0,
    });
    const response = await get(`/imghm/${sceneId}/${coverUrl}`);
    const plain = await get(`/img/700x,jpeg/${coverUrl}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers.etag).toBe(plain.headers.etag);
    const image = await pixels(response.rawPayload);
    expect([image.width, image.height]).toEqual([700, 420]);
    expect(near(image.at(350, 415), RED)).toBe(true);
  });

  it('a cover that cannot be fetched: heatmaps on black, answered but not kept', async () => {
    const sceneId = await factory.scene({ is_scripted: 1 });
    await scriptWithHeatmap(sceneId, 'only.funscript', funscript(1000, 50, 50));
    const missing = `${coversOrigin()}/covers/missing.jpg`.replace('://', ':/');
    const keptBefore = keptThumbnails().length;
    const response = await get(`/imghm/${sceneId}/${missing}`);
    expect(keptThumbnails()).toHaveLength(keptBefore);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const image = await pixels(response.rawPayload);
    expect(near(image.at(350, 100), [0, 0, 0])).toBe(true);
    expect(near(image.at(350, 414), [255, 255, 255])).toBe(true);
  });

  it('bad scene ids and cover URLs answer 400, unknown scenes 404 (placeholder PNGs); HEAD works', async () => {
    const bad = await get(`/imghm/abc/${coverUrl}`);
    expect([bad.statusCode, bad.headers['content-type']]).toEqual([400, 'image/png']);
    expect((await get(`/imghm/0/${coverUrl}`)).statusCode).toBe(400);
    const sceneId = await factory.scene();
    expect((await get(`/imghm/${sceneId}/ftp:/host/a.jpg`)).statusCode).toBe(400);
    expect((await get(`/imghm/99999999/${coverUrl}`)).statusCode).toBe(404);
    const head = await app.http.inject({ method: 'HEAD', url: `/imghm/${sceneId}/${coverUrl}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await get('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/imghm/'))).toEqual([
      '/imghm/{sceneId}/{*}',
    ]);
  });
});
