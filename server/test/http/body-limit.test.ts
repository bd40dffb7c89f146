import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Request bodies are limited to 1 MB (issue 19): a larger JSON body, or a larger headset post, is refused with
 * 413 and the usual {error, message} before it is read whole; the bundle restore, which streams its body to
 * disk, takes far more.
 */

const MB = 1024 * 1024;
const json = { 'content-type': 'application/json' };

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

/** A JSON object of exactly `size` bytes: {"pad":"aaa…"}. */
const bodyOf = (size: number) => `{"pad":"${'a'.repeat(size - 10)}"}`;

describe('the 1 MB body limit', () => {
  it('takes a JSON body of exactly 1 MB', async () => {
    expect(bodyOf(MB)).toHaveLength(MB);
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/scene/list',
      headers: json,
      payload: bodyOf(MB),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a JSON body of 1 MB + 1 byte with 413 {error, message}', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/scene/list',
      headers: json,
      payload: bodyOf(MB + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Payload Too Large', message: expect.any(String) });
  });

  it('refuses a headset post of 1 MB + 1 byte with 413 {error, message}', async () => {
    for (const url of ['/heresphere', '/deovr']) {
      const response = await app.http.inject({ method: 'POST', url, headers: json, payload: bodyOf(MB + 1) });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({ error: 'Payload Too Large', message: expect.any(String) });
    }
  });

  it('still takes a headset login post as the apps send it (a form, no JSON type)', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/deovr',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=&password=',
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets a bundle restore upload of several MB through (it is streamed to disk, not parsed)', async () => {
    const upload = Buffer.alloc(3 * MB, 0x20);
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/task/bundle/restore',
      headers: { 'content-type': 'application/octet-stream' },
      payload: upload,
    });
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeLessThan(500);
  });
});
