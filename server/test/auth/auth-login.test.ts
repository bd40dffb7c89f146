import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyCreated, ApiKeyList, AuthStatusResponse } from '@fovea/contract';
import { createApp, type FoveaApp } from '../../src/app';
import { PUBLIC_ADDRESS_MESSAGE } from '../../src/auth/access-decision';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp, testConfig } from '../helpers/test-app';
import { createApiKey, OWNER, sessionCookie, setLogin } from './auth-fixture';

/*
 * The login of the whole app through its routes: setting it, logging in and out, changing and removing it, the
 * rate limit on passwords, API keys, the login from the environment, and the rule for public addresses.
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

function status(cookie?: string, remoteAddress?: string) {
  return app.http.inject({
    url: '/api/auth/status',
    ...(cookie ? { headers: { cookie } } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function login(payload: object, remoteAddress = '127.0.0.1') {
  return app.http.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
}

const optionsState = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.http.inject({ url: '/api/options/state', headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('without a login', () => {
  it('says so, refuses a login, and serves the own network', async () => {
    expect(AuthStatusResponse.parse((await status()).json())).toEqual({
      loginRequired: false,
      loggedIn: false,
      username: null,
      fromEnvironment: false,
    });
    const refused = await login(OWNER);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'Conflict' });
    expect((await optionsState({}, '192.168.1.30')).statusCode).toBe(200);
  });

  it('refuses public addresses on every route, with the way to set a login', async () => {
    for (const url of [
      '/api/options/state',
      '/api/auth/status',
      '/deovr',
      '/ui/',
      '/img/x/https:/a.example/b.jpg',
    ]) {
      const response = await app.http.inject({ url, remoteAddress: '8.8.8.8' });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: 'Forbidden', message: PUBLIC_ADDRESS_MESSAGE });
    }
    const credentials = await app.http.inject({
      method: 'PUT',
      url: '/api/auth/credentials',
      payload: OWNER,
      remoteAddress: '8.8.8.8',
    });
    expect(credentials.statusCode).toBe(403);
    expect((await status()).json()).toMatchObject({ loginRequired: false });
  });

  it('wants a password of at least 8 characters', async () => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/auth/credentials',
      payload: { username: 'owner', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('with a login', () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = await setLogin(app);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for 30 days that logs the caller in', async () => {
    expect(cookie).toMatch(/^fovea_session=[\w-]+\.[\w-]+$/);
    const answer = await login(OWNER);
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers['set-cookie'])).toMatch(
      /^fovea_session=[\w-]+\.[\w-]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/,
    );
    expect(AuthStatusResponse.parse(answer.json())).toEqual({
      loginRequired: true,
      loggedIn: true,
      username: 'owner',
      fromEnvironment: false,
    });
    expect((await status(cookie)).json()).toMatchObject({ loggedIn: true, username: 'owner' });
    expect((await status()).json()).toMatchObject({ loginRequired: true, loggedIn: false, username: null });
  });

  it('marks the cookie Secure when the browser came over https', async () => {
    const answer = await app.http.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: OWNER,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(answer.headers['set-cookie'])).toMatch(/; Secure$/);
  });

  it('answers 401 without the cookie and serves with it, from any address', async () => {
    const refused = await optionsState();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error: 'Unauthorized',
      message: expect.stringMatching(/^Log in/),
    });
    expect((await optionsState({ cookie: 'fovea_session=forged.value' })).statusCode).toBe(401);
    expect((await optionsState({ cookie })).statusCode).toBe(200);
    expect((await optionsState({ cookie }, '8.8.8.8')).statusCode).toBe(200);
    const remote = await login(OWNER, '8.8.4.4');
    expect(remote.statusCode).toBe(200);
    expect((await optionsState({ cookie: sessionCookie(remote) }, '8.8.4.4')).statusCode).toBe(200);
  });

  it('refuses wrong credentials with 401, then 429 with Retry-After after 5 failures', async () => {
    const address = '192.168.7.7';
    for (const wrong of [
      { ...OWNER, password: 'wrong password' },
      { ...OWNER, username: 'someone' },
      { username: 'someone', password: OWNER.password },
      { ...OWNER, password: 'wrong again' },
      { ...OWNER, password: 'and again' },
    ]) {
      const response = await login(wrong, address);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Unauthorized', message: 'Wrong username or password.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const limited = await login(OWNER, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(limited.json()).toMatchObject({ message: expect.stringMatching(/Try again in 15 minutes/) });
    // Another client is not held up.
    expect((await login(OWNER, '192.168.7.8')).statusCode).toBe(200);
  });

  it('forgets failures after a success', async () => {
    const address = '192.168.7.9';
    for (let i = 0; i < 4; i += 1)
      expect((await login({ ...OWNER, password: 'nope nope' }, address)).statusCode).toBe(401);
    expect((await login(OWNER, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await login({ ...OWNER, password: 'nope nope' }, address)).statusCode).toBe(401);
    expect((await login(OWNER, address)).statusCode).toBe(200);
  });

  it('logs out by clearing the cookie', async () => {
    const response = await app.http.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toBe(
      'fovea_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0',
    );
  });

  it('creates, lists, uses and deletes API keys, never showing a key again', async () => {
    expect((await app.http.inject({ url: '/api/auth/api-keys' })).statusCode).toBe(401);
    const created = await app.http.inject({
      method: 'POST',
      url: '/api/auth/api-keys',
      headers: { cookie },
      payload: { name: 'backup script' },
    });
    const { key, secret } = ApiKeyCreated.parse(created.json());
    expect(secret).toMatch(/^fovea_[\w-]{43}$/);
    expect(key).toMatchObject({ name: 'backup script', lastUsedAt: null });
    expect((await optionsState({ 'x-api-key': secret })).statusCode).toBe(200);
    expect((await optionsState({ authorization: `Bearer ${secret}` })).statusCode).toBe(200);
    expect((await optionsState({ 'x-api-key': `${secret}x` })).statusCode).toBe(401);
    expect((await optionsState({ authorization: `Basic ${secret}` })).statusCode).toBe(401);
    const list = await app.http.inject({ url: '/api/auth/api-keys', headers: { 'x-api-key': secret } });
    expect(list.body).not.toContain(secret.slice(6));
    const listed = ApiKeyList.parse(list.json()).find((entry) => entry.id === key.id);
    expect(listed?.lastUsedAt).toEqual(expect.any(String));
    const stored = await app.database.db
      .selectFrom('kv')
      .select('value')
      .where('key', '=', 'auth')
      .executeTakeFirst();
    expect(stored?.value).not.toContain(secret.slice(6));
    expect(stored?.value).not.toContain(OWNER.password);
    const deleted = await app.http.inject({
      method: 'DELETE',
      url: `/api/auth/api-keys/${key.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await optionsState({ 'x-api-key': secret })).statusCode).toBe(401);
    const again = await app.http.inject({
      method: 'DELETE',
      url: `/api/auth/api-keys/${key.id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it('changes the login with the current password; every older session ends', async () => {
    const other = sessionCookie(await login(OWNER, '192.168.7.20'));
    const key = await createApiKey(app, cookie);
    const put = (payload: object, address = '192.168.7.21') =>
      app.http.inject({
        method: 'PUT',
        url: '/api/auth/credentials',
        headers: { cookie },
        payload,
        remoteAddress: address,
      });
    const next = { username: 'owner2', password: 'a new long password' };
    expect((await put(next)).statusCode).toBe(400);
    expect((await put({ ...next, currentPassword: 'not it at all' })).statusCode).toBe(401);
    const changed = await put({ ...next, currentPassword: OWNER.password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ loggedIn: true, username: 'owner2' });
    const fresh = sessionCookie(changed);
    for (const old of [cookie, other]) expect((await optionsState({ cookie: old })).statusCode).toBe(401);
    expect((await optionsState({ cookie: fresh })).statusCode).toBe(200);
    // API keys belong to the app, not to a session: they keep working.
    expect((await optionsState({ 'x-api-key': key })).statusCode).toBe(200);
    expect((await login(OWNER)).statusCode).toBe(401);
    cookie = sessionCookie(await login({ username: 'owner2', password: next.password }));
    expect((await optionsState({ cookie })).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the rate limit', async () => {
    const address = '192.168.7.30';
    const put = (currentPassword: string) =>
      app.http.inject({
        method: 'PUT',
        url: '/api/auth/credentials',
        headers: { cookie },
        payload: { username: 'x', password: 'a new long password', currentPassword },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i += 1) expect((await put('wrong password')).statusCode).toBe(401);
    const limited = await put('a new long password');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('turns the login off with the current password; the app is open to the own network again', async () => {
    const del = (currentPassword: string) =>
      app.http.inject({
        method: 'DELETE',
        url: '/api/auth/credentials',
        headers: { cookie },
        payload: { currentPassword },
        remoteAddress: '192.168.7.40',
      });
    expect((await del('wrong password')).statusCode).toBe(401);
    const removed = await del('a new long password');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ loginRequired: false, loggedIn: false });
    expect(String(removed.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await optionsState()).statusCode).toBe(200);
    expect((await optionsState({}, '8.8.8.8')).statusCode).toBe(403);
    expect((await del('a new long password')).statusCode).toBe(409);
  });
});

describe('a login from FOVEA_USERNAME and FOVEA_PASSWORD', () => {
  let envApp: FoveaApp;

  beforeAll(async () => {
    envApp = await createApp({
      ...testConfig(),
      login: { username: 'env', password: 'from the environment' },
    });
    await envApp.http.ready();
  });
  afterAll(async () => {
    await envApp.close();
    removeTempDir(envApp.config.dataDir);
    removeTempDir(envApp.config.webDir);
  });

  it('is in force, cannot be changed through the API, and logs in', async () => {
    expect((await envApp.http.inject({ url: '/api/auth/status' })).json()).toEqual({
      loginRequired: true,
      loggedIn: false,
      username: null,
      fromEnvironment: true,
    });
    expect((await envApp.http.inject({ url: '/api/options/state' })).statusCode).toBe(401);
    const wrong = await envApp.http.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'env', password: 'something else' },
    });
    expect(wrong.statusCode).toBe(401);
    const answer = await envApp.http.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'env', password: 'from the environment' },
    });
    expect(answer.json()).toMatchObject({ loggedIn: true, username: 'env', fromEnvironment: true });
    const cookie = sessionCookie(answer);
    expect((await envApp.http.inject({ url: '/api/options/state', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const put = await envApp.http.inject({
      method: 'PUT',
      url: '/api/auth/credentials',
      headers: { cookie },
      payload: { username: 'x', password: 'another password', currentPassword: 'from the environment' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ message: expect.stringContaining('FOVEA_USERNAME/FOVEA_PASSWORD') });
    const del = await envApp.http.inject({
      method: 'DELETE',
      url: '/api/auth/credentials',
      headers: { cookie },
      payload: { currentPassword: 'from the environment' },
    });
    expect(del.statusCode).toBe(409);
  });

  it('ends the sessions of an earlier password after a restart with another one', async () => {
    const answer = await envApp.http.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'env', password: 'from the environment' },
    });
    const cookie = sessionCookie(answer);
    const restarted = await createApp({
      ...envApp.config,
      login: { username: 'env', password: 'changed in the environment' },
    });
    try {
      expect(
        (await restarted.http.inject({ url: '/api/options/state', headers: { cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});
