import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { contentTypeRefusal } from '../../src/auth/json-content-type';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Every /api body is JSON: a form or text/plain body (what a page on another site can send without a preflight)
 * is refused with 415 before any route runs, even without browser headers; the players' routes and the bundle
 * restore's raw upload keep what their clients send.
 */

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function playlistCount(): Promise<number> {
  const row = await app.database.db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const playlist = { name: 'Kept out', is_smart: false, search_params: '{}' };

describe('the JSON content type of /api bodies', () => {
  it('refuses text/plain and form bodies with 415 and changes nothing', async () => {
    const before = await playlistCount();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await app.http.inject({
        method: 'POST',
        url: '/api/playlist',
        headers: { 'content-type': type },
        payload: JSON.stringify(playlist),
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({
        error: 'Unsupported Media Type',
        message: `Send the request body as JSON (Content-Type: application/json), not ${type.split(';')[0]}.`,
      });
    }
    const untyped = await app.http.inject({
      method: 'POST',
      url: '/api/playlist',
      payload: Buffer.from('{}'),
    });
    expect(untyped.statusCode).toBe(415);
    expect(await playlistCount()).toBe(before);
  });

  it('takes JSON bodies and calls without a body', async () => {
    const before = await playlistCount();
    const saved = await app.http.inject({
      method: 'POST',
      url: '/api/playlist',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(playlist),
    });
    expect(saved.statusCode).toBe(200);
    expect(await playlistCount()).toBe(before + 1);
    const noBody = await app.http.inject({ method: 'GET', url: '/api/task/scene-refresh' });
    expect(noBody.statusCode).toBe(200);
  });

  it('leaves the players their own body formats', async () => {
    const deovr = await app.http.inject({
      method: 'POST',
      url: '/deovr',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=&password=',
    });
    expect(deovr.statusCode).toBe(200);
    const heresphere = await app.http.inject({
      method: 'POST',
      url: '/heresphere',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(heresphere.statusCode).toBe(200);
  });

  it('lets only the bundle restore take a raw file', () => {
    const shape = (url: string, type: string) => ({
      method: 'POST',
      url,
      headers: { 'content-type': type, 'content-length': '10' },
    });
    expect(contentTypeRefusal(shape('/api/task/bundle/restore?x=1', 'application/octet-stream'))).toBeNull();
    expect(contentTypeRefusal(shape('/api/playlist', 'application/octet-stream'))).not.toBeNull();
    expect(contentTypeRefusal(shape('/api/playlist', 'application/merge-patch+json'))).toBeNull();
    expect(
      contentTypeRefusal({
        method: 'POST',
        url: '/api/playlist',
        headers: { 'transfer-encoding': 'chunked' },
      }),
    ).not.toBeNull();
    expect(
      contentTypeRefusal({ method: 'POST', url: '/api/playlist', headers: { 'content-length': '0' } }),
    ).toBeNull();
  });
});
