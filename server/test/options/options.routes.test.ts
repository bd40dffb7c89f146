import { ApiError, DEFAULT_OPTIONS, DLNA_IMAGES, OptionsStateResponse, WebOptions } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let dataDir: string;

beforeAll(async () => {
  app = await createTestApp();
  dataDir = app.config.dataDir;
});

afterAll(async () => {
  await app.close();
  removeTempDir(dataDir);
  removeTempDir(app.config.webDir);
});

async function state(target: FoveaApp = app) {
  const response = await target.http.inject({ method: 'GET', url: '/api/options/state' });
  expect(response.statusCode).toBe(200);
  return OptionsStateResponse.parse(response.json());
}

function putJson(url: string, payload: unknown) {
  return app.http.inject({ method: 'PUT', url, payload: payload as object });
}

describe('GET /api/options/state', () => {
  it('answers the spec shape with every group at its default on a new library', async () => {
    const body = await state();
    expect(body.config).toEqual(DEFAULT_OPTIONS);
    // r18.dev is the default JAV source: the one that still answers (issue 21).
    expect(body.config.scraper_settings.javr.javrScraper).toBe('r18d');
    expect(body.config.library.preview).toMatchObject({ startTime: 5, snippetLength: 0.2, snippetAmount: 2 });
    expect(body.currentState.server.bound_ip.length).toBeGreaterThan(0);
    expect(body.currentState.dlna).toEqual({ running: false, images: [...DLNA_IMAGES], recentIp: [] });
    // The reference UI's migration overlay reads this; Fovea migrates before it listens.
    expect(body.currentState.migration).toEqual({
      is_running: false,
      current: '',
      total: 0,
      progress: 0,
      message: '',
    });
    expect(body.currentState.cacheSize).toEqual({
      images: 0,
      previews: 0,
      searchIndex: expect.any(Number),
      imagesLimit: 2048 * 1024 * 1024,
    });
    // Every built-in site, in the reference's scraper shape (the avatar key is spelt so on the wire).
    expect(body.scrapers.length).toBeGreaterThanOrEqual(30);
    expect(body.scrapers).toContainEqual({
      id: 'czechvrfetish',
      name: 'Czech VR Fetish',
      avaatarurl: expect.any(String),
      domain: expect.stringContaining('czechvr'),
      master_site_id: '',
    });
  });
});

describe('PUT /api/options/interface/web', () => {
  it('saves a subset and returns every web value', async () => {
    const response = await putJson('/api/options/interface/web', {
      tagSort: 'alphabetically',
      isAvailOpacity: 70,
    });
    expect(response.statusCode).toBe(200);
    const saved = WebOptions.parse(response.json());
    expect(saved).toEqual({ ...DEFAULT_OPTIONS.web, tagSort: 'alphabetically', isAvailOpacity: 70 });
    expect((await state()).config.web).toEqual(saved);
  });

  it.each([
    ['a wrong type', { sceneHidden: 'yes' }, ['body', 'sceneHidden']],
    ['a value out of range', { isAvailOpacity: 130 }, ['body', 'isAvailOpacity']],
    ['an opacity off the step of 10', { isAvailOpacity: 45 }, ['body', 'isAvailOpacity']],
    ['an unknown field', { sceneHidden: false, colour: 'red' }, ['body']],
    ['a list instead of an object', [1, 2], ['body']],
  ])('refuses %s with 400 {error, message, issues} and changes nothing', async (_case, payload, path) => {
    const before = await state();
    const response = await putJson('/api/options/interface/web', payload);
    expect(response.statusCode).toBe(400);
    const error = ApiError.parse(response.json());
    expect(error.error).toBe('Bad Request');
    expect(error.message).toMatch(/^Invalid input\. body/);
    expect(error.issues?.[0]?.path.slice(0, path.length)).toEqual(path);
    expect((await state()).config).toEqual(before.config);
  });

  it('refuses a body that is not JSON with a clear 400', async () => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/options/interface/web',
      headers: { 'content-type': 'application/json' },
      payload: '{"tagSort": ',
    });
    expect(response.statusCode).toBe(400);
    const error = ApiError.parse(response.json());
    expect(error.message.toLowerCase()).toContain('json');
  });
});

describe('PUT /api/options/interface/advanced', () => {
  it('saves, ignores the reference UI collectorConfigs list, and answers the advanced values', async () => {
    const response = await putJson('/api/options/interface/advanced', {
      showInternalSceneId: true,
      stashApiKey: 'key-123',
      ignoreReleasedBefore: '2024-02-03T10:11:12.000Z',
      collectorConfigs: [{ domain_key: 'x-scraper' }],
    });
    expect(response.statusCode).toBe(200);
    // The answer says the key is set, never the key itself.
    expect(response.json()).toEqual({
      ...DEFAULT_OPTIONS.advanced,
      showInternalSceneId: true,
      stashApiKey: 'set',
      ignoreReleasedBefore: '2024-02-03T10:11:12.000Z',
    });
    expect(app.options.get().advanced.stashApiKey).toBe('key-123');
    expect(response.json()).not.toHaveProperty('collectorConfigs');
  });

  it('takes collectorConfigs null (the reference UI before it has loaded them) and saves the rest', async () => {
    const response = await putJson('/api/options/interface/advanced', {
      useImperialEntry: true,
      autoLimitScraping: true,
      collectorConfigs: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ useImperialEntry: true, autoLimitScraping: true });
    expect(response.json()).not.toHaveProperty('collectorConfigs');
    expect((await state()).config.advanced).toMatchObject({
      useImperialEntry: true,
      autoLimitScraping: true,
    });
  });

  it('clears ignoreReleasedBefore with null and refuses a malformed date', async () => {
    const cleared = await putJson('/api/options/interface/advanced', { ignoreReleasedBefore: null });
    expect(cleared.json()).toMatchObject({ ignoreReleasedBefore: null });
    const bad = await putJson('/api/options/interface/advanced', { ignoreReleasedBefore: '03/02/2024' });
    expect(bad.statusCode).toBe(400);
    expect((await state()).config.advanced.ignoreReleasedBefore).toBeNull();
  });
});

describe('persistence', () => {
  it('keeps saved options across a restart', async () => {
    await putJson('/api/options/interface/web', { sceneEdit: true, updateCheck: false });
    await app.close();
    app = await createTestApp({ dataDir, webDir: app.config.webDir });
    const body = await state();
    expect(body.config.web).toMatchObject({ sceneEdit: true, updateCheck: false, tagSort: 'alphabetically' });
    expect(body.config.advanced.stashApiKey).toBe('set');
    expect(app.options.get().advanced.stashApiKey).toBe('key-123');
  });
});
