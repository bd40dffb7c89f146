import bcrypt from 'bcryptjs';
import {
  AdvancedOptions,
  DeovrOptionsFlat,
  joinProxyUrl,
  maskProxyUrl,
  OptionsStateResponse,
  splitProxyUrl,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

const STASH_KEY = 'stash-key-7f3a9e';
const TPDB_TOKEN = 'tpdb-token-91c2d4';
const PLAYER_PASSWORD = 'deo pass 42';
const PROXY_PASSWORD = 'pr0xy-pw-5b';
const PROXY = `http://proxyuser:${PROXY_PASSWORD}@127.0.0.1:3128`;

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const stored = () => app.options.get();

async function storeSecrets(): Promise<void> {
  await app.options.update((options) => ({
    ...options,
    advanced: { ...options.advanced, stashApiKey: STASH_KEY, scraperProxy: PROXY },
    vendor: { tpdb: { apiToken: TPDB_TOKEN } },
  }));
  const saved = await put('/api/options/interface/deovr', {
    auth_enabled: true,
    username: 'deo',
    password: PLAYER_PASSWORD,
  });
  expect(saved.statusCode).toBe(200);
}

function put(url: string, payload: object) {
  return app.http.inject({ method: 'PUT', url, payload });
}

async function stateText(): Promise<string> {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/state' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function expectNoSecret(text: string): void {
  const hash = stored().interfaces.deovr.password;
  for (const secret of [STASH_KEY, TPDB_TOKEN, PLAYER_PASSWORD, PROXY_PASSWORD, hash].filter(
    (s) => s !== '',
  )) {
    expect(text).not.toContain(secret);
  }
  // No bcrypt hash of any kind.
  expect(text).not.toContain('$2');
}

function deovrLogin(password: string) {
  return app.http.inject({
    method: 'POST',
    url: '/deovr',
    payload: `login=deo&password=${encodeURIComponent(password)}`,
    headers: { host: '192.168.1.25', 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('proxy URL helpers', () => {
  it('split and join a URL as written, and mask only a password', () => {
    for (const url of [
      'http://proxy.lan:3128',
      'https://user@proxy.lan',
      'http://user:p%40ss@proxy.lan:3128/path?x=1',
      'http://user:@proxy.lan',
      'HTTP://a:b:c@h',
    ]) {
      const parts = splitProxyUrl(url);
      expect(parts).not.toBeNull();
      if (parts !== null) expect(joinProxyUrl(parts)).toBe(url);
    }
    expect(splitProxyUrl('http://user:p%40ss@proxy.lan:3128/x')).toEqual({
      scheme: 'http://',
      user: 'user',
      password: 'p%40ss',
      address: 'proxy.lan:3128/x',
    });
    expect(maskProxyUrl('http://user:p%40ss@proxy.lan:3128')).toBe('http://user:***@proxy.lan:3128');
    expect(maskProxyUrl('http://user@proxy.lan:3128')).toBe('http://user@proxy.lan:3128');
    expect(maskProxyUrl('http://proxy.lan:3128')).toBe('http://proxy.lan:3128');
    expect(maskProxyUrl('')).toBe('');
  });
});

describe('secrets in answers', () => {
  beforeAll(storeSecrets);

  it('GET /api/options/state says "set" and never carries a stored secret or the hash', async () => {
    const text = await stateText();
    expectNoSecret(text);
    const { config } = OptionsStateResponse.parse(JSON.parse(text));
    expect(config.advanced.stashApiKey).toBe('set');
    expect(config.advanced.scraperProxy).toBe('http://proxyuser:***@127.0.0.1:3128');
    expect(config.vendor.tpdb.apiToken).toBe('set');
    expect(config.interfaces.deovr.password).toBe('set');
    expect(config.interfaces.deovr.username).toBe('deo');
  });

  it('says "" for secrets that are not stored', async () => {
    const fresh = await createTestApp();
    try {
      const response = await fresh.http.inject({ method: 'GET', url: '/api/options/state' });
      const { config } = OptionsStateResponse.parse(response.json());
      expect(config.advanced.stashApiKey).toBe('');
      expect(config.advanced.scraperProxy).toBe('');
      expect(config.vendor.tpdb.apiToken).toBe('');
      expect(config.interfaces.deovr.password).toBe('');
    } finally {
      await fresh.close();
      removeTempDir(fresh.config.dataDir);
      removeTempDir(fresh.config.webDir);
    }
  });

  it('saving back exactly what GET answered changes no secret, and the answers hide them too', async () => {
    const before = stored();
    const { config } = OptionsStateResponse.parse(JSON.parse(await stateText()));
    const advanced = await put('/api/options/interface/advanced', config.advanced);
    expect(advanced.statusCode).toBe(200);
    expectNoSecret(advanced.body);
    expect(AdvancedOptions.parse(advanced.json())).toEqual(config.advanced);
    const { deovr, heresphere, players } = config.interfaces;
    const flat = await put('/api/options/interface/deovr', { ...deovr, ...heresphere, ...players });
    expect(flat.statusCode).toBe(200);
    expectNoSecret(flat.body);
    expect(DeovrOptionsFlat.parse(flat.json()).password).toBe('set');
    expect(stored()).toEqual(before);
  });

  it('DeoVR still logs in with the password after the round trip, and refuses a wrong one', async () => {
    expect((await deovrLogin(PLAYER_PASSWORD)).json<{ authorized: string }>().authorized).toBe('1');
    expect((await deovrLogin('set')).json<{ authorized: string }>().authorized).toBe('-1');
  });
});

describe('saving secrets', () => {
  beforeAll(storeSecrets);

  it('a new value replaces a secret', async () => {
    const response = await put('/api/options/interface/advanced', {
      stashApiKey: 'new-stash-key',
      scraperProxy: 'http://proxyuser:new-pw@127.0.0.1:3128',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      stashApiKey: 'set',
      scraperProxy: 'http://proxyuser:***@127.0.0.1:3128',
    });
    expect(stored().advanced).toMatchObject({
      stashApiKey: 'new-stash-key',
      scraperProxy: 'http://proxyuser:new-pw@127.0.0.1:3128',
    });
  });

  it('the masked proxy password keeps the stored one when the address changes', async () => {
    const response = await put('/api/options/interface/advanced', {
      scraperProxy: 'https://other:***@10.0.0.2:8080',
    });
    expect(response.statusCode).toBe(200);
    expect(stored().advanced.scraperProxy).toBe('https://other:new-pw@10.0.0.2:8080');
  });

  it('"" clears the key and the proxy; a proxy URL without a password drops it', async () => {
    expect(
      (await put('/api/options/interface/advanced', { scraperProxy: 'http://proxyuser@10.0.0.2:8080' }))
        .statusCode,
    ).toBe(200);
    expect(stored().advanced.scraperProxy).toBe('http://proxyuser@10.0.0.2:8080');
    const cleared = await put('/api/options/interface/advanced', { stashApiKey: '', scraperProxy: '' });
    expect(cleared.statusCode).toBe(200);
    expect(stored().advanced).toMatchObject({ stashApiKey: '', scraperProxy: '' });
    const { config } = OptionsStateResponse.parse(JSON.parse(await stateText()));
    expect(config.advanced).toMatchObject({ stashApiKey: '', scraperProxy: '' });
  });

  it('"set" with nothing stored keeps nothing; a masked password with none stored is refused', async () => {
    expect((await put('/api/options/interface/advanced', { stashApiKey: 'set' })).statusCode).toBe(200);
    expect(stored().advanced.stashApiKey).toBe('');
    const before = stored();
    const refused = await put('/api/options/interface/advanced', {
      showInternalSceneId: !before.advanced.showInternalSceneId,
      scraperProxy: 'http://proxyuser:***@10.0.0.2:8080',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('no proxy password is stored');
    expect(stored()).toEqual(before);
  });

  it('a new player password replaces the hash; the old one no longer logs in', async () => {
    const response = await put('/api/options/interface/deovr', { password: 'another pass' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ password: string }>().password).toBe('set');
    expect(await bcrypt.compare('another pass', stored().interfaces.deovr.password)).toBe(true);
    expect((await deovrLogin('another pass')).json<{ authorized: string }>().authorized).toBe('1');
    expect((await deovrLogin(PLAYER_PASSWORD)).json<{ authorized: string }>().authorized).toBe('-1');
  });
});

describe('collector configs (Cookies/Headers)', () => {
  const COOKIE = 'session-cookie-e61d';
  const TOKEN = 'Bearer header-token-42aa';
  const config = {
    domain_key: 'secrets-scraper',
    body: '',
    cookies: [{ name: 'sid', value: COOKIE, domain: '.example.com', path: '/', host: '' }],
    headers: [
      { key: 'Authorization', value: TOKEN },
      { key: 'Referer', value: 'https://example.com/' },
    ],
    other: [],
  };
  const saveConfig = (payload: object) =>
    app.http.inject({ method: 'POST', url: '/api/options/save-collector-config', payload });
  const listConfigs = async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/options/collector-config-list' });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const storedConfig = async () =>
    (await listConfigs())
      .json<{ domain_key: string; config: typeof config }[]>()
      .find((c) => c.domain_key === config.domain_key)?.config;

  it('the list says "set" for cookie values and credential headers, and shows the others', async () => {
    expect((await saveConfig(config)).statusCode).toBe(200);
    const response = await listConfigs();
    expect(response.body).not.toContain(COOKIE);
    expect(response.body).not.toContain('header-token');
    expect(await storedConfig()).toMatchObject({
      cookies: [{ name: 'sid', value: 'set', domain: '.example.com', path: '/' }],
      headers: [
        { key: 'Authorization', value: 'set' },
        { key: 'Referer', value: 'https://example.com/' },
      ],
    });
  });

  it('saving back the listed config keeps the secrets; new values replace them', async () => {
    const listed = await storedConfig();
    expect((await saveConfig({ domain_key: config.domain_key, ...listed })).statusCode).toBe(200);
    const text = await app.database.db
      .selectFrom('kv')
      .select('value')
      .where('key', '=', `collector:${config.domain_key}`)
      .executeTakeFirst();
    expect(text?.value).toContain(COOKIE);
    expect(text?.value).toContain(TOKEN);
    const replaced = await saveConfig({
      ...config,
      cookies: [{ ...config.cookies[0], value: 'fresh-cookie' }],
      headers: [{ key: 'authorization', value: 'set' }],
    });
    expect(replaced.statusCode).toBe(200);
    const after = await app.database.db
      .selectFrom('kv')
      .select('value')
      .where('key', '=', `collector:${config.domain_key}`)
      .executeTakeFirst();
    expect(after?.value).toContain('fresh-cookie');
    expect(after?.value).toContain(TOKEN);
    expect(after?.value).not.toContain(COOKIE);
  });

  it('"set" for a cookie that has no stored value is refused and changes nothing', async () => {
    const before = await storedConfig();
    const refused = await saveConfig({
      ...config,
      cookies: [{ name: 'other', value: 'set', domain: '', path: '', host: '' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('cookie "other" has no stored value');
    expect(await storedConfig()).toEqual(before);
  });
});
