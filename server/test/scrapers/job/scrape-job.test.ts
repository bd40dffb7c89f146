import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scene, SiteWithHealth } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { makeTempDir } from '../../helpers/temp-dir';
import { STUDIO_HOST, startStudioSite, studioDefinition, studioScenes } from './studio-site';

let app: FoveaApp;
let site: Awaited<ReturnType<typeof startStudioSite>>;
const scenes = studioScenes();

async function call<T>(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await app.http.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function scrape(selector: string, siteId = selector): Promise<SiteWithHealth> {
  await call('GET', `/api/task/scrape?site=${selector}`);
  await app.queue.idle();
  const health = await call<SiteWithHealth[]>('GET', '/api/scrapers/sites');
  const row = health.find((entry) => entry.id === siteId);
  if (!row) throw new Error(`no site ${siteId}`);
  return row;
}

const scene = (sceneId: string) => call<Scene>('GET', `/api/scene/${sceneId}`);

beforeAll(async () => {
  site = await startStudioSite(scenes);
  const dataDir = makeTempDir('fovea-scrape-');
  mkdirSync(join(dataDir, 'scrapers'));
  const define = (file: string, text: string) => writeFileSync(join(dataDir, 'scrapers', file), text);
  define('teststudio.yaml', studioDefinition());
  define('walled.yaml', studioDefinition({ id: 'walledstudio', listing: 'walled/videos', single: false }));
  define('empty.yaml', studioDefinition({ id: 'emptystudio', listing: 'empty', single: false }));
  define('untitled.yaml', studioDefinition({ id: 'untitledstudio', listing: 'untitled', single: false }));
  app = await createTestApp({ dataDir, scrapeHostMap: { [STUDIO_HOST]: site.base } });
});

afterAll(async () => {
  await app.close();
  await site.close();
});

describe('a scrape run', () => {
  it('lists the owner’s definitions as sites, disabled until switched on', async () => {
    const sites = await call<SiteWithHealth[]>('GET', '/api/scrapers/sites');
    const studio = sites.find((entry) => entry.id === 'teststudio');
    expect(studio).toMatchObject({ name: 'Test Studio teststudio', is_enabled: false, has_scraper: true });
    expect(studio?.last_run).toBeNull();
    const enabled = await call<{ id: string; is_enabled: boolean }[]>(
      'PUT',
      '/api/options/sites/teststudio',
      {},
    );
    expect(enabled.find((entry) => entry.id === 'teststudio')?.is_enabled).toBe(true);
  });

  it('writes scenes with cover, gallery, cast and tags, then matches the unmatched file they expect', async () => {
    const db = app.database.db;
    const factory = libraryFactory(db);
    const volume = await factory.volume({ is_available: 1 });
    const fileId = await factory.file({ volume_id: volume, filename: 'teststudio_101_180_LR.mp4' });

    const row = await scrape('_enabled', 'teststudio');
    expect(row.last_run).toMatchObject({ status: 'ok', scenes_seen: 3, scenes_new: 3, scenes_rejected: 0 });
    expect(row.last_run?.pages_fetched).toBeGreaterThanOrEqual(5);
    expect(row.scene_count).toBe(3);
    expect(row.last_update).not.toBe('0001-01-01T00:00:00Z');

    const second = await scene('teststudio-102');
    expect(second).toMatchObject({
      title: 'Second Wind',
      site: 'Test Studio teststudio',
      studio: 'Test Network',
      duration: 31,
      release_date_text: '2026-02-02',
      synopsis: 'The middle scene.',
      cover_url: 'https://www.fovea-test-studio.com/covers/102.jpg',
      scene_url: 'https://www.fovea-test-studio.com/video/102',
    });
    expect(second.cast.map((actor) => actor.name).sort()).toEqual(['Ana V', 'Bea Moss']);
    expect(second.tags.map((tag) => tag.name).sort()).toEqual(['anal sex', 'brunette']);
    const images = JSON.parse(second.images) as { url: string; type: string }[];
    expect(images.filter((image) => image.type === 'gallery').map((image) => image.url)).toEqual([
      'https://www.fovea-test-studio.com/gallery/102-1.jpg',
      'https://www.fovea-test-studio.com/gallery/102-2.jpg',
    ]);
    const bea = second.cast.find((actor) => actor.name === 'Bea Moss');
    expect(bea?.image_url).toBe('https://www.fovea-test-studio.com/models/bea.jpg');
    expect(JSON.parse(bea?.urls ?? '[]')).toEqual([
      { url: 'https://www.fovea-test-studio.com/model/Bea-Moss', type: 'teststudio scrape' },
    ]);
    expect((await scene('teststudio-103')).tags.map((tag) => tag.name).sort()).toEqual([
      'blonde',
      'doggystyle',
    ]);

    const first = await scene('teststudio-101');
    expect(first.file.map((file) => file.id)).toEqual([fileId]);
    expect(first.is_available).toBe(true);
  });

  it('adds nothing on a second run: the walk stops at the first known scene', async () => {
    const before = site.requests.length;
    const row = await scrape('teststudio');
    expect(row.last_run).toMatchObject({ status: 'ok', scenes_new: 0, scenes_updated: 0 });
    expect(site.requests.slice(before)).toEqual(['/videos?page=1']);
  });

  it('updates changed fields after a forced update, and keeps the owner’s edited title', async () => {
    const edited = await scene('teststudio-101');
    await call('POST', `/api/scene/edit/${edited.id}`, { title: 'My Own Title' });
    const middle = scenes.find((s) => s.id === 102);
    if (!middle) throw new Error('no scene 102');
    middle.title = 'Second Wind (Remastered)';
    middle.tags = ['Brunette', 'Squirt'];
    scenes[scenes.length - 1] = {
      ...scenes[scenes.length - 1],
      title: 'First Step, retitled',
    } as (typeof scenes)[number];

    await call('POST', '/api/options/scraper/force-site-update', { scraper_id: 'teststudio' });
    expect((await scene('teststudio-102')).needs_update).toBe(true);
    const row = await scrape('teststudio');
    expect(row.last_run).toMatchObject({ status: 'ok', scenes_new: 0 });
    // 102 changed; 101 changed only in the title the owner edited, 103 not at all.
    expect(row.last_run?.scenes_updated).toBe(1);
    const middleScene = await scene('teststudio-102');
    expect(middleScene.title).toBe('Second Wind (Remastered)');
    expect(middleScene.tags.map((tag) => tag.name).sort()).toEqual(['brunette', 'squirting']);
    expect(middleScene.needs_update).toBe(false);
    const first = await scene('teststudio-101');
    expect(first.title).toBe('My Own Title');
    expect(first.needs_update).toBe(false);
    expect((await scene('teststudio-103')).needs_update).toBe(false);
  });

  it('records each outcome honestly: blocked, zero results and failed are never ok', async () => {
    const walled = await scrape('walledstudio');
    expect(walled.last_run?.status).toBe('blocked');
    expect(walled.last_run?.last_error).not.toBe('');
    expect(walled.last_run?.last_error_url).toContain('/walled/videos');
    expect(walled.last_run?.http_statuses['403']).toBeGreaterThanOrEqual(1);
    expect(walled.last_update).toBe('0001-01-01T00:00:00Z');

    const empty = await scrape('emptystudio');
    expect(empty.last_run).toMatchObject({ status: 'zero_results', scenes_seen: 0 });

    const untitled = await scrape('untitledstudio');
    expect(untitled.last_run).toMatchObject({ status: 'failed', scenes_new: 0, scenes_rejected: 3 });
    expect(untitled.last_run?.last_error_url).toContain('/video/');
    expect(untitled.scene_count).toBe(0);
  });

  it('adds the site of a definition file written while running, once the definitions are reloaded', async () => {
    writeFileSync(
      join(app.paths.scrapers, 'late.yaml'),
      studioDefinition({ id: 'latestudio', single: false }),
    );
    const infos = await call<{ id: string; error: string }[]>('POST', '/api/scrapers/definitions/reload', {});
    expect(infos).toContainEqual(expect.objectContaining({ id: 'latestudio', error: '' }));
    await vi.waitFor(async () => {
      const sites = await call<{ id: string; is_enabled: boolean }[]>('GET', '/api/options/sites');
      expect(sites).toContainEqual(expect.objectContaining({ id: 'latestudio', is_enabled: false }));
    });
  });

  it('keeps every run of a site, newest first', async () => {
    const runs = await call<{ status: string }[]>('GET', '/api/scrapers/runs?site=teststudio');
    expect(runs.map((run) => run.status)).toEqual(['ok', 'ok', 'ok']);
  });
});

describe('a single-scene scrape', () => {
  const body = (site: string, sceneurl: string) => ({
    site,
    sceneurl,
    additionalinfo: [
      {
        fieldName: 'scene_id',
        fieldPrompt: 'Scene Id',
        placeholder: '101',
        fieldValue: '104',
        required: true,
        type: 'number',
      },
    ],
  });

  it('tells the web which sites take which URLs, with their extra fields and warnings', async () => {
    const routes = await call<
      { site_id: string; additional_info: { fieldName: string }[]; warnings: string[] }[]
    >('GET', '/api/scrapers/single-scene');
    const studio = routes.find((route) => route.site_id === 'teststudio');
    expect(studio?.additional_info.map((field) => field.fieldName)).toEqual(['scene_id']);
    expect(studio?.warnings).toEqual(['release_date']);
    const state = await call<{ scrapers: { id: string; domain: string }[] }>('GET', '/api/options/state');
    expect(state.scrapers).toContainEqual(expect.objectContaining({ id: 'teststudio', domain: STUDIO_HOST }));
  });

  it('stores and answers the scene, routed by the URL when the site named is a generic single-scene id', async () => {
    scenes.push({
      id: 104,
      title: 'Only By Link',
      date: 'April 4, 2026',
      duration: '20:00',
      cast: [{ name: 'Dee Hart', image: '/models/dee.jpg' }],
      tags: ['Outdoor'],
      synopsis: 'Not on the listing yet.',
    });
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/task/singlescrape',
      payload: body('czechvr-single_scene', 'https://www.fovea-test-studio.com/video/104 '),
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ status: string; scene: Scene; warnings: string[] }>();
    expect(answer.status).toBe('OK');
    expect(answer.warnings).toEqual(['release_date']);
    expect(answer.scene).toMatchObject({
      scene_id: 'teststudio-104',
      title: 'Only By Link',
      release_date_text: '2026-04-04',
    });
    const runs = await call<{ kind: string; status: string }[]>('GET', '/api/scrapers/runs?site=teststudio');
    expect(runs[0]).toMatchObject({ kind: 'single', status: 'ok' });
  });

  it('says plainly when no scraper takes the URL or the scraper does not exist', async () => {
    const unknownDomain = await app.http.inject({
      method: 'POST',
      url: '/api/task/singlescrape',
      payload: body('slr-single_scene', 'https://example.org/video/1'),
    });
    expect(unknownDomain.statusCode).toBe(404);
    expect(unknownDomain.json<{ message: string }>().message).toBe('No scrapers exist for this domain');
    const unknownSite = await app.http.inject({
      method: 'POST',
      url: '/api/task/singlescrape',
      payload: body('no-such-scraper', 'https://example.org/video/1'),
    });
    expect(unknownSite.statusCode).toBe(404);
    expect(unknownSite.json<{ message: string }>().message).toBe('Scraper does not exist');
  });

  it('refuses an empty required extra field, and reports a blocked site as a bad gateway', async () => {
    const missing = await app.http.inject({
      method: 'POST',
      url: '/api/task/singlescrape',
      payload: {
        ...body('teststudio', 'https://www.fovea-test-studio.com/video/104'),
        additionalinfo: [
          {
            fieldName: 'scene_id',
            fieldPrompt: 'Scene Id',
            placeholder: '',
            fieldValue: ' ',
            required: true,
            type: 'number',
          },
        ],
      },
    });
    expect(missing.statusCode).toBe(400);
    const walled = await app.http.inject({
      method: 'POST',
      url: '/api/task/singlescrape',
      payload: body('walledstudio', 'https://www.fovea-test-studio.com/walled/video/1'),
    });
    expect(walled.statusCode).toBe(502);
    expect(walled.json<{ message: string }>().message).toContain('Test Studio walledstudio');
  });
});
