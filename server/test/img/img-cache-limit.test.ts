import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { ImageCacheLimit } from '../../src/images/image-cache-limit';
import { ImageProxyService } from '../../src/images/image-proxy.service';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import {
  BIG_IMAGE_BYTES,
  IMAGE_HOST_MAP,
  makeFixtures,
  startImageServer,
  type Fixtures,
  type ImageServer,
} from './image-server';

let host: ImageServer;
let fixtures: Fixtures;

beforeAll(async () => {
  fixtures = await makeFixtures();
  host = await startImageServer(fixtures);
});

afterAll(async () => {
  await host.close();
});

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every cached file (originals and resized copies) below `dir`, with its size. */
function cachedFiles(dir: string): { path: string; size: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path, size: statSync(path).size }));
}

/** The cached files of one remote URL (original, sidecar, resized copies). */
const filesOf = (dir: string, url: string) => cachedFiles(dir).filter((file) => file.path.includes(sha(url)));

describe('the images cache limit (ImageProxyService on its own, with a clock)', () => {
  let dir: string;
  let clock = 1_000_000;
  let limit = 0;
  let evictions = 0;
  let images: ImageProxyService;
  const url = (n: number) => `${host.origin}/photo.jpg?n=${n}`;
  const serve = (n: number, size = '') => images.serve(`/img/${size}/${url(n)}`);

  beforeAll(() => {
    dir = makeTempDir('fovea-img-limit-');
    images = new ImageProxyService(
      {
        dir,
        addresses: { allowLan: () => false, trustedHosts: IMAGE_HOST_MAP },
        cacheLimitBytes: () => limit,
        onEvicted: () => evictions++,
      },
      pino({ level: 'silent' }),
      () => clock,
    );
  });

  afterAll(() => removeTempDir(dir));

  it('removes the least recently used image (original, sidecar, resized copies) past the limit', async () => {
    // An entry: the photo and its sidecar (a few hundred bytes); room for two and a half.
    limit = Math.floor(fixtures.photoJpg.length * 2.5);
    expect((await serve(1)).status).toBe(200);
    clock += 1000;
    expect((await serve(2)).status).toBe(200);
    expect((await serve(2, '100x')).status).toBe(200);
    clock += 1000;
    expect((await serve(1, '')).status).toBe(200); // a hit: 1 is now used more recently than 2
    await images.cacheIdle();
    expect(evictions).toBe(0);
    expect(filesOf(dir, url(2))).toHaveLength(3);

    clock += 1000;
    expect((await serve(3)).status).toBe(200);
    await images.cacheIdle();
    expect(evictions).toBe(1);
    expect(filesOf(dir, url(2))).toEqual([]);
    expect(filesOf(dir, url(1))).toHaveLength(2);
    expect(filesOf(dir, url(3))).toHaveLength(2);
    const onDisk = cachedFiles(dir).reduce((sum, file) => sum + file.size, 0);
    expect(await images.cacheUsedBytes()).toBe(onDisk);
    expect(onDisk).toBeLessThanOrEqual(limit * 0.9);
    expect(cachedFiles(dir).filter((file) => file.path.endsWith('.tmp'))).toEqual([]);
  });

  it('fetches a removed image again when it is asked for', async () => {
    const before = host.hits('/photo.jpg?n=2');
    clock += 1000;
    expect((await serve(2)).status).toBe(200);
    expect(host.hits('/photo.jpg?n=2') - before).toBe(1);
    await images.cacheIdle();
  });

  it('never removes an image being fetched, resized or served, however old', async () => {
    const root = makeTempDir('fovea-img-busy-');
    const busy = new Set<string>();
    let now = 0;
    const limiter = new ImageCacheLimit({
      root,
      limitBytes: () => 250,
      isBusy: (key) => busy.has(key),
      logger: pino({ level: 'silent' }),
      now: () => now,
    });
    const keys = ['a', 'b', 'c'].map((letter) => letter.repeat(64));
    busy.add(keys[0] ?? '');
    const written: string[] = [];
    for (const key of keys) {
      const path = join(root, 'originals', key.slice(0, 2), key.slice(2, 4), key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, Buffer.alloc(100));
      written.push(path);
      now += 1000;
      limiter.recordWrite(key, [{ path, bytes: 100 }]);
      await limiter.idle();
    }
    // 300 bytes past 250: the oldest (a) is busy, so b goes instead.
    expect(written.map((path) => existsSync(path))).toEqual([true, false, true]);
    expect(await limiter.usedBytes()).toBe(200);
    removeTempDir(root);
  });

  it('a new service (a restart) counts what is on disk, and takes file times as last use', async () => {
    const fresh = makeTempDir('fovea-img-restart-');
    let restartLimit = 1024 * 1024 * 1024;
    const make = () =>
      new ImageProxyService(
        {
          dir: fresh,
          addresses: { allowLan: () => false, trustedHosts: IMAGE_HOST_MAP },
          cacheLimitBytes: () => restartLimit,
        },
        pino({ level: 'silent' }),
      );
    const first = make();
    for (const n of [5, 6]) expect((await first.serve(`/img//${url(n)}`)).status).toBe(200);
    await first.cacheIdle();
    // 5 was last used long ago, 6 a moment ago (a hit moves the original's time forward).
    const original = (n: number) => {
      const hash = sha(url(n));
      return join(fresh, 'originals', hash.slice(0, 2), hash.slice(2, 4), hash);
    };
    utimesSync(original(5), new Date('2020-01-01'), new Date('2020-01-01'));

    const restarted = make();
    const onDisk = cachedFiles(fresh).reduce((sum, file) => sum + file.size, 0);
    expect(await restarted.cacheUsedBytes()).toBe(onDisk);
    restartLimit = Math.floor(fixtures.photoJpg.length * 2.5);
    expect((await restarted.serve(`/img//${url(7)}`)).status).toBe(200);
    await restarted.cacheIdle();
    expect(filesOf(fresh, url(5))).toEqual([]);
    expect(filesOf(fresh, url(6))).toHaveLength(2);
    expect(filesOf(fresh, url(7))).toHaveLength(2);
    removeTempDir(fresh);
  });
});

describe('the images cache limit in the app (options cache.imagesMaxMb, the Cache figures)', () => {
  let app: FoveaApp;

  beforeAll(async () => {
    app = await createTestApp({ imageHostMap: IMAGE_HOST_MAP });
  });

  afterAll(async () => {
    await app.close();
    removeTempDir(app.config.dataDir);
    removeTempDir(app.config.webDir);
  });

  const get = (url: string) => app.http.inject({ method: 'GET', url });
  const saveCache = (payload: unknown) =>
    app.http.inject({ method: 'PUT', url: '/api/options/cache', payload: payload as object });
  const cacheSize = async () =>
    (await get('/api/options/state')).json<{
      currentState: { cacheSize: { images: number; imagesLimit: number } };
    }>().currentState.cacheSize;
  const big = (n: number) => `${host.origin}/big.jpg?n=${n}`;

  it('has a 2 GB limit by default, shown with the figures', async () => {
    expect((await cacheSize()).imagesLimit).toBe(2048 * 1024 * 1024);
  });

  it.each([{ imagesMaxMb: 49 }, { imagesMaxMb: 1_000_001 }, { imagesMaxMb: 'x' }, { other: 1 }])(
    'refuses %j with 400, nothing changed',
    async (payload) => {
      expect((await saveCache(payload)).statusCode).toBe(400);
      expect((await cacheSize()).imagesLimit).toBe(2048 * 1024 * 1024);
    },
  );

  it('keeps the images under the limit, removing the least recently used', async () => {
    const saved = await saveCache({ imagesMaxMb: 50 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ sizeRefreshHours: 6, imagesMaxMb: 50 });
    const limit = 50 * 1024 * 1024;

    // Four images of 12 MB fit; the fifth passes 50 MB.
    for (const n of [1, 2, 3]) expect((await get(`/img//${big(n)}`)).statusCode).toBe(200);
    expect((await get(`/img//${big(1)}`)).statusCode).toBe(200); // used again: now the most recent of 1-3
    expect((await get(`/img//${big(4)}`)).statusCode).toBe(200);
    expect(filesOf(app.paths.images, big(2))).toHaveLength(2);
    expect((await get(`/img//${big(5)}`)).statusCode).toBe(200);

    await vi.waitFor(() => expect(filesOf(app.paths.images, big(3))).toEqual([]), { timeout: 5000 });
    expect(filesOf(app.paths.images, big(2))).toEqual([]);
    for (const n of [1, 4, 5]) expect(filesOf(app.paths.images, big(n)), `image ${n}`).toHaveLength(2);

    const onDisk = cachedFiles(app.paths.images).reduce((sum, file) => sum + file.size, 0);
    expect(onDisk).toBeGreaterThan(3 * BIG_IMAGE_BYTES);
    expect(onDisk).toBeLessThanOrEqual(limit * 0.9);
    // The eviction made the figures out of date: the next answer measures again.
    expect(await cacheSize()).toMatchObject({ images: onDisk, imagesLimit: limit });
  });
});
