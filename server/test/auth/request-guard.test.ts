import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FoveaApp } from '../../src/app';
import { AllowedHosts } from '../../src/auth/allowed-hosts';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Requests a browser makes for another site, and requests under a host name nobody allowed (DNS rebinding),
 * are refused before any route runs; headset players, DLNA renderers and scripts, which send no browser
 * headers, are served as before.
 */

let app: FoveaApp;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const host = () => `127.0.0.1:${port}`;

/** Headers Chromium sends for an `<img>` another site embeds. */
const imageFromElsewhere = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'image',
};

async function jobsQueued(): Promise<number> {
  const row = await app.database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe('cross-site requests', () => {
  it('refuses an <img> of another site that would start a job, and starts none', async () => {
    const before = await jobsQueued();
    const response = await app.http.inject({
      url: '/api/task/rescan',
      headers: { host: host(), ...imageFromElsewhere },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/another web site/);
    expect(await jobsQueued()).toBe(before);
  });

  it('refuses a form POST and a text/plain fetch from another site', async () => {
    const form = await app.http.inject({
      method: 'POST',
      url: '/api/scene/toggle',
      headers: {
        host: host(),
        origin: 'http://evil.test',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'scene_id=1&list=favourite',
    });
    expect(form.statusCode).toBe(403);
    // A browser without Sec-Fetch-* headers still sends Origin with a cross-origin POST.
    const plain = await app.http.inject({
      method: 'POST',
      url: '/heresphere/1',
      headers: { host: host(), origin: 'http://evil.test', 'content-type': 'text/plain' },
      payload: '{"isFavorite":true}',
    });
    expect(plain.statusCode).toBe(403);
  });

  it('treats another port of the same host as another site', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/options/storage',
      headers: { host: host(), origin: `http://127.0.0.1:${port + 1}`, 'content-type': 'application/json' },
      payload: { path: '/tmp' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('serves its own pages, images and media embedded anywhere, and a link to the web app', async () => {
    const own = await app.http.inject({
      url: '/api/options/state',
      headers: { host: host(), 'sec-fetch-site': 'same-origin', origin: `http://${host()}` },
    });
    expect(own.statusCode).toBe(200);
    const sameOriginByOrigin = await app.http.inject({
      url: '/api/options/state',
      headers: { host: host(), origin: `http://${host()}` },
    });
    expect(sameOriginByOrigin.statusCode).toBe(200);
    const preview = await app.http.inject({
      url: '/api/dms/preview/nothing-here.mp4',
      headers: { host: host(), ...imageFromElsewhere },
    });
    expect(preview.statusCode).not.toBe(403);
    const link = await app.http.inject({
      url: '/ui/',
      headers: {
        host: host(),
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
    expect(link.statusCode).toBe(200);
    const typed = await app.http.inject({ url: '/ui/', headers: { host: host(), 'sec-fetch-site': 'none' } });
    expect(typed.statusCode).toBe(200);
  });

  it('serves the request shapes of headset players (no browser headers)', async () => {
    const deovr = await app.http.inject({
      url: '/deovr',
      headers: { host: host(), 'user-agent': 'DeoVR/9.1' },
    });
    expect(deovr.statusCode).toBe(200);
    const heresphere = await app.http.inject({
      method: 'POST',
      url: '/heresphere',
      headers: { host: host(), 'content-type': 'application/json', 'user-agent': 'HereSphere' },
      payload: {},
    });
    expect(heresphere.statusCode).toBe(200);
  });

  it('refuses the websocket to a page of another origin, and opens it to its own', async () => {
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://${host()}/ws/`, ['wamp.2.json'], { origin: 'http://evil.test' });
      // With this listener the client must end the refused request itself (ws's rule).
      socket.on('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      socket.on('open', () => {
        socket.terminate();
        resolve(101);
      });
      socket.on('error', () => undefined);
    });
    expect(refused).toBe(403);
    const opened = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(`ws://${host()}/ws/`, ['wamp.2.json'], { origin: `http://${host()}` });
      socket.on('open', () => {
        socket.terminate();
        resolve(true);
      });
      socket.on('unexpected-response', (request) => {
        request.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(false));
    });
    expect(opened).toBe(true);
  });
});

describe('host names (DNS rebinding)', () => {
  it('refuses a name nobody allowed and says how to allow it', async () => {
    const response = await app.http.inject({
      url: '/api/options/state',
      headers: { host: 'rebind.evil.test:9999' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/FOVEA_ALLOWED_HOSTS/);
    for (const name of ['localhost:9999', '192.168.1.20:9999', '[::1]:9999', '127.0.0.1']) {
      const served = await app.http.inject({ url: '/api/options/state', headers: { host: name } });
      expect(served.statusCode, name).toBe(200);
    }
  });

  it('allows IP addresses, localhost, the machine name and the listed names only', () => {
    const hosts = new AllowedHosts(['fovea.example.org'], 'nas');
    for (const name of [
      '10.0.0.5',
      '[fe80::1]:80',
      'LOCALHOST',
      'nas:9999',
      'nas.local',
      'fovea.example.org:443',
    ])
      expect(hosts.refusal(name), name).toBeNull();
    for (const name of ['evil.test', 'nas.evil.test', 'example.org'])
      expect(hosts.refusal(name), name).not.toBeNull();
    expect(new AllowedHosts(['*'], 'nas').refusal('anything.test')).toBeNull();
  });
});

describe('security headers', () => {
  it('forbids framing by other sites and type sniffing on every answer', async () => {
    for (const url of ['/ui/', '/api/options/state', '/api/no/such/route']) {
      const response = await app.http.inject({ url, headers: { host: host() } });
      expect(response.headers['content-security-policy'], url).toBe("frame-ancestors 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
    }
  });
});
