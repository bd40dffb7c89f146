import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { createApiKey, setLogin } from './auth-fixture';

/*
 * With a login set, every route of the OpenAPI document answers 401 without credentials (except the open ones:
 * the status, the login and the headset players) and is served with the session cookie or an API key. The web
 * app's page and assets stay open so it can show its login page; the websocket needs the cookie.
 */

let app: FoveaApp;
let cookie: string;
let apiKey: string;
let operations: { method: string; url: string }[];

const METHODS = new Set(['get', 'head', 'post', 'put', 'delete', 'patch']);
const isOpen = (method: string, url: string) =>
  (method === 'GET' && url === '/api/auth/status') ||
  (method === 'POST' && url === '/api/auth/login') ||
  /^\/(deovr|heresphere)(\/|$)/.test(url);

beforeAll(async () => {
  app = await createTestApp();
  cookie = await setLogin(app);
  // Key 1 is what DELETE /api/auth/api-keys/1 removes on the way; the test's own key is the second.
  await createApiKey(app, cookie, 'removed on the way');
  apiKey = await createApiKey(app, cookie);
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const document = await app.http.inject({ url: '/api/openapi.json', headers: { cookie } });
  const paths = (document.json() as { paths: Record<string, Record<string, unknown>> }).paths;
  operations = Object.entries(paths).flatMap(([path, byMethod]) =>
    Object.keys(byMethod)
      .filter((method) => METHODS.has(method))
      .map((method) => ({
        method: method.toUpperCase(),
        // Path parameters (and wildcards) filled with 1.
        url: path.replace(/\{[^}]+\}/g, '1'),
      })),
  );
}, 30_000);

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const send = (method: string, url: string, headers: Record<string, string> = {}) =>
  app.http.inject({ method: method as 'GET', url, headers });

describe('every route of the OpenAPI document', () => {
  it('covers the whole API, the auth routes among them', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations).toContainEqual({ method: 'DELETE', url: '/api/files/file/1' });
    expect(operations).toContainEqual({ method: 'POST', url: '/api/auth/api-keys' });
  });

  it('answers 401 without credentials, except the open routes', async () => {
    const wrong: string[] = [];
    for (const { method, url } of operations) {
      const response = await send(method, url);
      const expected = !isOpen(method, url);
      if ((response.statusCode === 401) !== expected) wrong.push(`${method} ${url}: ${response.statusCode}`);
      if (expected && method !== 'HEAD' && response.json<{ error: string }>().error !== 'Unauthorized') {
        wrong.push(`${method} ${url}: ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('answers with the session cookie', async () => {
    const wrong: string[] = [];
    for (const { method, url } of operations) {
      const response = await send(method, url, { cookie });
      if (response.statusCode === 401) wrong.push(`${method} ${url}: ${response.body}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers with an API key', async () => {
    const wrong: string[] = [];
    for (const { method, url } of operations) {
      const response = await send(method, url, { 'x-api-key': apiKey });
      if (response.statusCode === 401) wrong.push(`${method} ${url}: ${response.body}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('the rest', () => {
  it('keeps the web app page and its assets open, and the OpenAPI document and unknown paths closed', async () => {
    expect((await send('GET', '/')).statusCode).toBe(302);
    expect((await send('GET', '/ui/')).statusCode).toBe(200);
    expect((await send('GET', '/ui/assets/app-1234.js')).statusCode).toBe(200);
    expect((await send('GET', '/api/openapi.json')).statusCode).toBe(401);
    expect((await send('GET', '/no/such/route')).statusCode).toBe(401);
    expect((await send('GET', '/no/such/route', { cookie })).statusCode).toBe(404);
  });

  it('refuses the websocket without a session and opens it with one', async () => {
    const address = app.http.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const connect = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/`, ['wamp.2.json'], { headers });
        socket.on('unexpected-response', (request, response) => {
          request.destroy();
          resolve(response.statusCode ?? 0);
        });
        socket.on('open', () => {
          socket.terminate();
          resolve(101);
        });
        socket.on('error', () => resolve(-1));
      });
    expect(await connect({})).toBe(401);
    expect(await connect({ cookie: 'fovea_session=forged.value' })).toBe(401);
    expect(await connect({ cookie })).toBe(101);
  });
});
