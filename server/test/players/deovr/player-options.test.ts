import bcrypt from 'bcryptjs';
import { DeovrOptionsFlat } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { isBcryptHash } from '../../../src/players/player-auth';
import { createTestApp } from '../../helpers/test-app';

let app: FoveaApp;
const URL = '/api/options/interface/deovr';

async function put(payload: object) {
  const response = await app.http.inject({ method: 'PUT', url: URL, payload });
  return { code: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const stored = () => app.options.get().interfaces;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('PUT /api/options/interface/deovr', () => {
  it('saves the given keys of the three groups and answers the 20 flat keys', async () => {
    const { code, body } = await put({
      enabled: false,
      render_heatmaps: true,
      allow_rating_updates: true,
      multitrack_cuepoints: false,
      video_sort_seq: 'resolution desc,filename',
      script_sort_seq: 'is_selected desc',
      boundIp: ['http://192.168.1.2:9999'],
    });
    expect(code).toBe(200);
    const flat = DeovrOptionsFlat.strict().parse(body);
    expect(Object.keys(flat)).toHaveLength(20);
    expect(body).not.toHaveProperty('boundIp');
    expect(flat).toMatchObject({
      enabled: false,
      render_heatmaps: true,
      track_watch_time: true,
      allow_rating_updates: true,
      allow_file_deletes: false,
      multitrack_cuepoints: false,
      video_sort_seq: 'resolution desc,filename',
      script_sort_seq: 'is_selected desc',
      subtitle_sort_seq: 'filename',
    });
    expect(stored().deovr.enabled).toBe(false);
    expect(stored().heresphere.allow_rating_updates).toBe(true);
    expect(stored().players.video_sort_seq).toBe('resolution desc,filename');
    const state = await app.http.inject({ method: 'GET', url: '/api/options/state' });
    expect(
      state.json<{ config: { interfaces: { players: { script_sort_seq: string } } } }>().config.interfaces
        .players.script_sort_seq,
    ).toBe('is_selected desc');
  });

  it('hashes a new password with bcrypt and answers "set", never the hash', async () => {
    const { code, body } = await put({ auth_enabled: true, username: 'deo', password: 'open sesame' });
    expect(code).toBe(200);
    const hash = stored().deovr.password;
    expect(isBcryptHash(hash)).toBe(true);
    expect(body.password).toBe('set');
    expect(await bcrypt.compare('open sesame', hash)).toBe(true);
  });

  it('keeps the stored hash when "set", the hash or an empty password is sent', async () => {
    const hash = stored().deovr.password;
    expect((await put({ password: 'set' })).code).toBe(200);
    expect(stored().deovr.password).toBe(hash);
    expect((await put({ password: hash, username: 'deo2' })).code).toBe(200);
    expect(stored().deovr.password).toBe(hash);
    expect(stored().deovr.username).toBe('deo2');
    expect((await put({ password: '' })).code).toBe(200);
    expect(stored().deovr.password).toBe(hash);
  });

  it('lets DeoVR log in with the saved password', async () => {
    expect((await put({ enabled: true })).code).toBe(200);
    const granted = await app.http.inject({
      method: 'POST',
      url: '/deovr',
      payload: 'login=deo2&password=open+sesame',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(granted.json<{ authorized: string }>().authorized).toBe('1');
  });

  it('refuses authentication without a username or without a password', async () => {
    const noUser = await put({ auth_enabled: true, username: '  ' });
    expect(noUser.code).toBe(400);
    expect(noUser.body.message).toBe('a username is required when DeoVR/HereSphere authentication is on');
    await app.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        deovr: { ...options.interfaces.deovr, auth_enabled: false, password: '' },
      },
    }));
    const noPassword = await put({ auth_enabled: true, username: 'deo', password: '' });
    expect(noPassword.code).toBe(400);
    expect(noPassword.body.message).toBe('a password is required when DeoVR/HereSphere authentication is on');
    expect(stored().deovr.auth_enabled).toBe(false);
    // With authentication off, a username alone is fine.
    expect((await put({ auth_enabled: false, username: 'later' })).code).toBe(200);
    expect(stored().deovr.username).toBe('later');
  });

  it('refuses unknown keys, wrong types and bad sort sequences', async () => {
    const unknown = await put({ enabled: true, surprise: 1 });
    expect(unknown.code).toBe(400);
    expect(String(unknown.body.message)).toContain('surprise');
    expect((await put({ enabled: 'yes' })).code).toBe(400);
    const sort = await put({ video_sort_seq: 'resolution sideways' });
    expect(sort.code).toBe(400);
    expect(String(sort.body.message)).toContain('each optionally followed by desc');
    const script = await put({ subtitle_sort_seq: 'codec' });
    expect(script.code).toBe(400);
    expect(stored().players.subtitle_sort_seq).toBe('filename');
  });
});
