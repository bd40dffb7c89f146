import { existsSync, readdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { classifyAddress } from '../../src/http/outgoing-address';
import { PLACEHOLDER_PNG } from '../../src/images/image-proxy.service';
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

const get = (url: string) => app.http.inject({ method: 'GET', url });

const setAllowLan = async (allow: boolean) => {
  const saved = await app.http.inject({
    method: 'PUT',
    url: '/api/options/interface/advanced',
    payload: { imageProxyAllowLan: allow },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json<{ imageProxyAllowLan: boolean }>().imageProxyAllowLan).toBe(allow);
};

function cachedFiles(): string[] {
  if (!existsSync(app.paths.images)) return [];
  return readdirSync(app.paths.images, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function expectRefused(url: string) {
  const before = host.requests.length;
  const started = Date.now();
  const response = await get(url);
  expect(response.statusCode, url).toBe(403);
  expect(response.headers['x-fovea-image-error'], url).toBe('forbidden-address');
  expect(response.headers['content-type']).toBe('image/png');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.rawPayload.equals(PLACEHOLDER_PNG)).toBe(true);
  // Nothing reached the local server, and no connection was tried (a private address would time out).
  expect(host.requests.length, url).toBe(before);
  expect(Date.now() - started, url).toBeLessThan(2000);
}

/** A non-loopback LAN address of this machine (a unique-local or private one), to serve images on. */
function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const entry of addresses ?? []) {
      if (!entry.internal && classifyAddress(entry.address) === 'lan' && !entry.address.startsWith('fe80'))
        return entry.address;
    }
  }
  return null;
}

describe('GET /img: addresses the proxy refuses (this machine, the LAN, special ranges)', () => {
  it.each([
    (port: number) => `/img/700x/http://127.0.0.1:${port}/photo.jpg`,
    (port: number) => `/img/700x/http:/127.0.0.1:${port}/photo.jpg`,
    (port: number) => `/img//http://127.1.2.3:${port}/photo.jpg`,
    (port: number) => `/img/700x/http://2130706433:${port}/photo.jpg`,
    (port: number) => `/img/700x/http://0x7f.0.0.1:${port}/photo.jpg`,
    (port: number) => `/img/700x/http://0.0.0.0:${port}/photo.jpg`,
    (port: number) => `/img/700x/http://[::1]:${port}/photo.jpg`,
    (port: number) => `/img/700x/http://[::ffff:127.0.0.1]:${port}/photo.jpg`,
    (port: number) => `/img/700x/http://[::]:${port}/photo.jpg`,
    () => '/img/700x/http://10.0.0.1/a.jpg',
    () => '/img/700x/https://192.168.1.1/a.jpg',
    () => '/img/700x/http://172.16.5.4:8080/a.jpg',
    () => '/img/700x/http://100.64.0.1/a.jpg',
    () => '/img/700x/http://169.254.169.254/latest/meta-data/',
    () => '/img/700x/http://[fd00::1]/a.jpg',
    () => '/img/700x/http://[fe80::1]/a.jpg',
    () => '/img/700x/http://[::ffff:192.168.0.1]/a.jpg',
    () => '/img/700x/http://224.0.0.1/a.jpg',
    () => '/img/700x/http://255.255.255.255/a.jpg',
    () => '/img/700x/http://192.0.2.1/a.jpg',
    () => '/img/x40/http:/127.0.0.1:9999/api/task/index',
  ])('%s answers 403 without any connection', async (url) => {
    await expectRefused(url(host.port));
  });

  it('refuses a name that resolves to this machine (localhost)', async () => {
    await expectRefused(`/img/700x/http://localhost:${host.port}/photo.jpg`);
    await expectRefused(`/img/700x/http:/LOCALHOST.:${host.port}/photo.jpg`);
  });

  it('refuses a redirect from an allowed host into this machine, by address or by name', async () => {
    const photos = host.hits('/photo.jpg');
    for (const path of ['/to-loopback.jpg', '/to-localhost.jpg']) {
      const response = await get(`/img/700x/${host.origin}${path}`);
      expect(response.statusCode, path).toBe(403);
      expect(response.headers['x-fovea-image-error']).toBe('forbidden-address');
      expect(host.hits(path), path).toBe(1);
    }
    expect(host.hits('/photo.jpg')).toBe(photos);
  });

  it('kept nothing on disk for the refused requests', () => {
    expect(cachedFiles()).toEqual([]);
  });

  it('still fetches from an allowed host', async () => {
    const response = await get(`/img/120x/${host.origin}/photo.jpg`);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(120);
  });
});

describe('GET /img with advanced.imageProxyAllowLan', () => {
  const lan = lanAddress();
  let lanHost: ImageServer | null = null;

  beforeAll(async () => {
    if (lan) lanHost = await startImageServer(fixtures, lan.includes(':') ? `[${lan}]` : lan, lan);
  });

  afterAll(async () => {
    await lanHost?.close();
    await setAllowLan(false);
  });

  it('is off by default', async () => {
    const state = (await get('/api/options/state')).json<{
      config: { advanced: { imageProxyAllowLan: boolean } };
    }>();
    expect(state.config.advanced.imageProxyAllowLan).toBe(false);
  });

  it.skipIf(lan === null)('reaches a LAN address only once allowed, at once', async () => {
    if (!lanHost) throw new Error('no LAN image server');
    await expectRefused(`/img/120x/${lanHost.origin}/photo.jpg`);
    expect(lanHost.requests).toEqual([]);

    await setAllowLan(true);
    const response = await get(`/img/120x/${lanHost.origin}/photo.jpg`);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(120);
    expect(lanHost.requests).toEqual(['/photo.jpg']);

    await setAllowLan(false);
    const again = await get(`/img/120x/${lanHost.origin}/tiny.png`);
    expect(again.statusCode).toBe(403);
    expect(lanHost.requests).toEqual(['/photo.jpg']);
  });

  it('still refuses this machine with LAN hosts allowed', async () => {
    await setAllowLan(true);
    await expectRefused(`/img/700x/http://127.0.0.1:${host.port}/photo.jpg?lan`);
    await expectRefused(`/img/700x/http://localhost:${host.port}/photo.jpg?lan`);
    await expectRefused(`/img/700x/http://[::ffff:127.0.0.1]:${host.port}/photo.jpg?lan`);
    await expectRefused(`/img/700x/http://0.0.0.0:${host.port}/photo.jpg?lan`);
    const redirected = await get(`/img/700x/${host.origin}/to-loopback.jpg?lan`);
    expect(redirected.statusCode).toBe(403);
    expect(redirected.headers['x-fovea-image-error']).toBe('forbidden-address');
  });
});
