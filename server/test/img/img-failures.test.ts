import { existsSync, readdirSync } from 'node:fs';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { imgRoutes } from '../../src/routes/img.routes';
import { ImageProxyService, PLACEHOLDER_PNG } from '../../src/images/image-proxy.service';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { IMAGE_HOST_MAP, makeFixtures, startImageServer, type ImageServer } from './image-server';

let app: FoveaApp;
let host: ImageServer;

beforeAll(async () => {
  host = await startImageServer(await makeFixtures());
  app = await createTestApp({ imageHostMap: IMAGE_HOST_MAP });
});

afterAll(async () => {
  await app.close();
  await host.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const get = (url: string) => app.http.inject({ method: 'GET', url });

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function expectPlaceholder(
  response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('image/png');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.rawPayload.equals(PLACEHOLDER_PNG)).toBe(true);
}

describe('the placeholder', () => {
  it('is a 1x1 fully transparent PNG', async () => {
    const { data, info } = await sharp(PLACEHOLDER_PNG)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1, 1]);
    expect(data[3]).toBe(0);
  });
});

describe('GET /img: refused requests', () => {
  it.each([
    '/img/700x/file:/etc/passwd',
    '/img/700x/file:///etc/passwd',
    '/img//data:image/png;base64,iVBORw0KGgo=',
    '/img/700x/ftp://example.com/a.jpg',
    '/img/undefined/javascript:alert(1)',
    '/img/700x/not-a-url',
    '/img/700x/https:/',
    '/img/700x',
  ])('%s answers 400 with the placeholder, without any fetch', async (url) => {
    const before = host.requests.length;
    await expectPlaceholder(await get(url), 400);
    expect(host.requests.length).toBe(before);
  });
});

describe('GET /img: remote failures give the placeholder with an error status, and nothing is cached', () => {
  it.each([
    ['an upstream 404', '/missing.jpg', 404],
    ['an upstream 500', '/broken.jpg', 502],
    ['an HTML page', '/page.html', 502],
    ['image/png bytes that are not an image', '/fake.png', 502],
    ['a redirect loop', '/loop.jpg', 502],
    ['a redirect to file:', '/to-file.jpg', 502],
  ])('%s', async (_name, path, status) => {
    await expectPlaceholder(await get(`/img/700x/${host.origin}${path}`), status);
    await expectPlaceholder(await get(`/img//${host.formA}${path}`), status);
    expect(filesBelow(app.paths.images)).toEqual([]);
  });

  it('follows at most 5 redirects', async () => {
    const before = host.hits('/loop.jpg');
    await get(`/img/700x/${host.origin}/loop.jpg?fresh=1`);
    expect(host.requests.filter((url) => url.startsWith('/loop.jpg')).length - before).toBe(6);
  });

  it('an unreachable host answers 502', async () => {
    await expectPlaceholder(await get('/img/700x/http:/images.test:9/a.jpg'), 502);
  });

  it('remembers a failure for a moment instead of asking the remote host again at once', async () => {
    const before = host.hits('/missing.jpg?again');
    await get(`/img/700x/${host.origin}/missing.jpg?again`);
    await get(`/img/120x/${host.origin}/missing.jpg?again`);
    expect(host.hits('/missing.jpg?again') - before).toBe(1);
  });
});

describe('GET /img with small limits (a bare Fastify with the image routes)', () => {
  let http: FastifyInstance;
  let dir: string;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    dir = makeTempDir('fovea-img-');
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const images = new ImageProxyService(
      {
        dir,
        limits: { timeoutMs: 250, maxBytes: 100_000 },
        failureMemoryMs: 0,
        addresses: { allowLan: () => false, trustedHosts: IMAGE_HOST_MAP },
        cacheLimitBytes: () => 1024 * 1024 * 1024,
      },
      logger,
    );
    http = Fastify();
    http.setValidatorCompiler(validatorCompiler);
    http.setSerializerCompiler(serializerCompiler);
    await http.register(imgRoutes({ images }));
    await http.ready();
  });

  afterAll(async () => {
    await http.close();
    removeTempDir(dir);
  });

  const bare = (url: string) => http.inject({ method: 'GET', url });

  it('gives up on a slow remote host after the timeout (504)', async () => {
    host.slowMs = 2000;
    const started = Date.now();
    await expectPlaceholder(await bare(`/img/700x/${host.origin}/slow.jpg?timeout`), 504);
    expect(Date.now() - started).toBeLessThan(1500);
    host.slowMs = 300;
  });

  it('refuses a body past the size limit, announced or not (502)', async () => {
    await expectPlaceholder(await bare(`/img/700x/${host.origin}/huge.jpg`), 502);
    await expectPlaceholder(await bare(`/img/700x/${host.origin}/huge-chunked.jpg`), 502);
  });

  it('still serves images under the limits', async () => {
    const response = await bare(`/img/x20/${host.origin}/tiny.png`);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).height).toBe(20);
  });

  it('kept nothing of the failures on disk, and no temporary files', () => {
    const files = filesBelow(dir);
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(files.length).toBe(3); // tiny.png: original, sidecar, x20 copy
  });

  it('warns once per remote host, the repeated failures go to debug', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i++) await bare(`/img/700x/http://images.test:9/flood-${i}.jpg`);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toContain('images.test:9');
    expect(
      lines.filter((line) => line.level === 20 && line.msg === 'an image could not be fetched'),
    ).toHaveLength(4);
  });
});
