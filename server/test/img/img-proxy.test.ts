import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import {
  IMAGE_HOST_MAP,
  makeFixtures,
  startImageServer,
  type Fixtures,
  type ImageServer,
} from './image-server';

let app: FoveaApp;
let host: ImageServer;
let fixtures: Fixtures;

beforeAll(async () => {
  fixtures = await makeFixtures();
  host = await startImageServer(fixtures);
  app = await createTestApp({ imageHostMap: IMAGE_HOST_MAP });
});

afterAll(async () => {
  await app.close();
  await host.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.http.inject({ method: 'GET', url, headers });

async function size(body: Buffer): Promise<{ width?: number; height?: number; format?: string }> {
  const meta = await sharp(body).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

/** Every file below the images folder, relative to it. */
function imageFiles(): string[] {
  return readdirSync(app.paths.images, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(app.paths.images, join(entry.parentPath, entry.name)));
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('GET /img/{size}/{url}: URL forms', () => {
  it('reads Form A (https:/host) and Form B (https://host) as the same remote URL, fetched once', async () => {
    const formA = await get(`/img/700x/${host.formA}/photo.jpg`);
    const formB = await get(`/img/700x/${host.origin}/photo.jpg`);
    for (const response of [formA, formB]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers.etag).toMatch(/^"[0-9a-f]{24}-700x0"$/);
      expect(await size(response.rawPayload)).toEqual({ width: 700, height: 420, format: 'jpeg' });
    }
    expect(formB.rawPayload.equals(formA.rawPayload)).toBe(true);
    expect(host.hits('/photo.jpg')).toBe(1);
  });

  it('keeps percent-encoding (encodeURI) as it is: a%20b.jpg is asked for as a%20b.jpg', async () => {
    const response = await get(`/img/x85/${host.origin}/a%20b.jpg`);
    expect(response.statusCode).toBe(200);
    expect(await size(response.rawPayload)).toMatchObject({ width: 113, height: 85 });
    expect(host.hits('/a%20b.jpg')).toBe(1);
  });

  it("passes the image URL's query string to the remote host, and caches each query separately", async () => {
    const one = await get(`/img//${host.origin}/query.png?w=1&h=2`);
    const seven = await get(`/img/undefined/${host.formA}/query.png?w=7`);
    expect(host.requests).toContain('/query.png?w=1&h=2');
    expect(host.requests).toContain('/query.png?w=7');
    expect(await size(one.rawPayload)).toMatchObject({ width: 301 });
    expect(await size(seven.rawPayload)).toMatchObject({ width: 307 });
  });

  it('routes an empty size (/img//https://...) without merging the slashes', async () => {
    const response = await get(`/img//${host.origin}/tiny.png`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(fixtures.tinyPng)).toBe(true);
  });

  it('works over real HTTP too (the browser path): both forms, empty size, query string', async () => {
    const base = await app.http.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${base}/img//${host.origin}/query.png?w=3`);
    expect(response.status).toBe(200);
    expect(await size(Buffer.from(await response.arrayBuffer()))).toMatchObject({ width: 303 });
    const formA = await fetch(`${base}/img/x40/${host.formA}/a%20b.jpg`);
    expect(formA.status).toBe(200);
    expect(await size(Buffer.from(await formA.arrayBuffer()))).toMatchObject({ height: 40 });
  });

  it('follows redirects', async () => {
    const response = await get(`/img/200x/${host.origin}/redirect.jpg`);
    expect(response.statusCode).toBe(200);
    expect(await size(response.rawPayload)).toMatchObject({ width: 200, height: 120 });
    expect(host.hits('/redirect.jpg')).toBe(1);
    expect(host.hits('/hop.jpg')).toBe(1);
  });
});

describe('GET /img: sizes (photo.jpg is 1000x600)', () => {
  it.each([
    ['700x', 700, 420],
    ['x40', 67, 40],
    ['700,fit', 700, 420],
    ['120x', 120, 72],
    ['128x', 128, 77],
    ['200x', 200, 120],
    ['x85', 142, 85],
    ['300x300', 300, 300],
    ['700x420', 700, 420],
    ['500', 500, 500],
    ['500,fit', 500, 300],
    ['x300,fit', 500, 300],
    ['700%2Cfit', 700, 420],
  ])('%s gives %ix%i', async (option, width, height) => {
    const response = await get(`/img/${option}/${host.formA}/photo.jpg`);
    expect(response.statusCode).toBe(200);
    expect(await size(response.rawPayload)).toEqual({ width, height, format: 'jpeg' });
  });

  it.each(['', 'undefined', 'q80', 'rotate90', 'x', 'garbage'])(
    'option "%s" answers the original bytes',
    async (option) => {
      const response = await get(`/img/${option}/${host.origin}/photo.jpg`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.rawPayload.equals(fixtures.photoJpg)).toBe(true);
    },
  );

  it('never enlarges: a size above the original answers the original', async () => {
    for (const option of ['700x', 'x400', '700,fit', '700x420', '50x']) {
      const response = await get(`/img/${option}/${host.origin}/tiny.png`);
      expect(response.statusCode, option).toBe(200);
      expect(response.rawPayload.equals(fixtures.tinyPng), option).toBe(true);
    }
  });

  it('keeps PNG (with its transparency), WebP and GIF; SVG is served as it is or resized to PNG', async () => {
    const png = await get(`/img/200x/${host.origin}/alpha.png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await size(png.rawPayload)).toEqual({ width: 200, height: 100, format: 'png' });
    expect((await sharp(png.rawPayload).metadata()).hasAlpha).toBe(true);

    const webp = await get(`/img/x85/${host.origin}/pic.webp`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await size(webp.rawPayload)).toEqual({ width: 85, height: 85, format: 'webp' });

    const gif = await get(`/img/200x/${host.origin}/pic.gif`);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(await size(gif.rawPayload)).toEqual({ width: 200, height: 100, format: 'gif' });

    const svg = await get(`/img/undefined/${host.formA}/flag.svg`);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.rawPayload.equals(fixtures.flagSvg)).toBe(true);
    const rasterised = await get(`/img/60x/${host.formA}/flag.svg`);
    expect(rasterised.headers['content-type']).toBe('image/png');
    expect(await size(rasterised.rawPayload)).toEqual({ width: 60, height: 40, format: 'png' });
  });

  it('answers a JPEG for the jpeg option, whatever the original (the headset players show no WebP)', async () => {
    const webp = await get(`/img/x85,jpeg/${host.origin}/pic.webp`);
    expect(webp.headers['content-type']).toBe('image/jpeg');
    expect(await size(webp.rawPayload)).toEqual({ width: 85, height: 85, format: 'jpeg' });

    const png = await get(`/img/jpeg/${host.origin}/alpha.png`);
    expect(png.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['jpeg', false]);

    // A JPEG that needs no resize is the original bytes.
    const tiny = await get(`/img/2000x,jpeg/${host.origin}/photo.jpg`);
    expect(
      tiny.rawPayload.equals(
        await (await fetch(`${host.loopback}/photo.jpg`)).arrayBuffer().then(Buffer.from),
      ),
    ).toBe(true);
  });

  it('accepts a real image sent with a wrong content type (the bytes are what counts)', async () => {
    const response = await get(`/img/120x/${host.origin}/octet.jpg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(`/img/128x/${host.origin}/photo.jpg`);
    const etag = String(first.headers.etag);
    const again = await get(`/img/128x/${host.origin}/photo.jpg`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get(`/img/120x/${host.origin}/photo.jpg`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });
});

describe('GET /img: the disk cache', () => {
  it('keeps originals and resized copies sharded by the hash of the URL, with no temporary files left', async () => {
    await get(`/img/700x/${host.origin}/photo.jpg`);
    await get(`/img/700,fit/${host.formA}/photo.jpg`);
    const hash = sha(`${host.origin}/photo.jpg`);
    const shard = join(hash.slice(0, 2), hash.slice(2, 4), hash);
    const files = imageFiles();
    expect(files).toContain(join('originals', shard));
    expect(files).toContain(join('originals', `${shard}.json`));
    expect(files).toContain(join('resized', '700x0', shard));
    expect(files).toContain(join('resized', '700x700-fit', shard));
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(statSync(join(app.paths.images, 'originals', shard)).size).toBe(fixtures.photoJpg.length);
  });

  it('is counted by the Cache section (GET /api/options/state)', async () => {
    const total = imageFiles().reduce((sum, file) => sum + statSync(join(app.paths.images, file)).size, 0);
    const state = (await get('/api/options/state')).json<{
      currentState: { cacheSize: { images: number } };
    }>();
    expect(total).toBeGreaterThan(fixtures.photoJpg.length);
    expect(state.currentState.cacheSize.images).toBe(total);
  });

  it('fetches once for concurrent requests of the same URL, whatever their sizes', async () => {
    const before = host.hits('/slow.jpg');
    const options = ['700x', '700x', '', 'x40', '120x', 'undefined'];
    const responses = await Promise.all(
      options.map((option) => get(`/img/${option}/${host.origin}/slow.jpg`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(options.map(() => 200));
    expect(responses[0]?.rawPayload.equals(responses[1]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(host.hits('/slow.jpg') - before).toBe(1);
  });

  it('serves and resizes cached images with the remote host gone (offline)', async () => {
    const offline = await startImageServer(fixtures);
    const first = await get(`/img/700x/${offline.origin}/photo.jpg`);
    const original = await get(`/img//${offline.formA}/photo.jpg`);
    expect(offline.requests).toEqual(['/photo.jpg']);
    await offline.close();

    const again = await get(`/img/700x/${offline.origin}/photo.jpg`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(`/img//${offline.origin}/photo.jpg`)).rawPayload.equals(original.rawPayload)).toBe(
      true,
    );
    const newSize = await get(`/img/x40/${offline.formA}/photo.jpg`);
    expect(newSize.statusCode).toBe(200);
    expect(await size(newSize.rawPayload)).toMatchObject({ width: 67, height: 40 });
    // Not cached: the host is gone, so this fails (and shows the host really is unreachable).
    expect((await get(`/img/700x/${offline.origin}/alpha.png`)).statusCode).toBe(502);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the image proxy and stays a valid document', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const document = (await get('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).some((path) => path.startsWith('/img/'))).toBe(true);
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
  });
});
