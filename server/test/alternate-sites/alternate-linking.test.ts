import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlternateSourceList, Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { STUDIO_HOST, studioDefinition } from '../scrapers/job/studio-site';
import {
  AGGREGATOR_HOST,
  aggregatorDefinition,
  startAggregator,
  type AggregatorScene,
} from './alternate-site.fixture';

/*
 * An alternate site (a made-up aggregator's page of "teststudio") scraped by the real scrape job over HTTP:
 * its scenes become alternate references linked to the master's scenes by exact title, by weighted match, or
 * not at all when the release date is out of range (released_match_type must); the relink job changes nothing
 * on a second run; a file named as an alternate scene expects is matched to the linked master scene.
 */

const SOURCE = 'alternate scene altagg';
const AGGREGATED: AggregatorScene[] = [
  {
    id: 301,
    title: 'Sunset and Rooftop - Part 2',
    date: '2026-03-06',
    duration: '32:00',
    cast: ['Mara'],
    synopsis: 'Evening light.',
  },
  {
    id: 302,
    title: 'Library After Hours VR Remastered',
    date: '2026-02-21',
    duration: '41:00',
    cast: ['Ivy Stone'],
    synopsis: 'Quiet shelves and late reading.',
  },
  {
    id: 303,
    title: 'Cabin In The Snow Revisited',
    date: '2025-01-09',
    duration: '28:00',
    cast: ['Noa Brook'],
    synopsis: 'Snow again.',
  },
];

let app: FoveaApp;
let aggregator: Awaited<ReturnType<typeof startAggregator>>;
const master: Record<string, number> = {};
let expectedFile = 0;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await app.http.inject({ method, url, ...(payload ? { payload } : {}) });
  return { code: response.statusCode, body: response.body, json: <T>() => response.json<T>() };
}

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const answer = await call(method, url, payload);
  expect(answer.code, `${method} ${url}: ${answer.body}`).toBe(200);
  return answer.json<T>();
}

/** Every link of the alternate site: reference external_id -> [scene id, match type, link time]. */
async function links() {
  const rows = await app.database.db
    .selectFrom('external_reference_links')
    .select(['external_id', 'internal_db_id', 'match_type', 'udf_datetime1', 'id'])
    .where('external_source', '=', SOURCE)
    .orderBy('external_id')
    .execute();
  return rows;
}

async function references() {
  return app.database.db
    .selectFrom('external_references')
    .select(['external_id', 'external_url', 'external_date', 'external_data', 'updated_at'])
    .where('external_source', '=', SOURCE)
    .orderBy('external_id')
    .execute();
}

async function masterScene(key: string, title: string, released: string, cast: string[], duration = 30) {
  const factory = libraryFactory(app.database.db);
  const id = await factory.scene({
    scene_id: `teststudio-${key}`,
    scraper_id: 'teststudio',
    site: 'Test Studio teststudio',
    title,
    release_date: released,
    duration,
  });
  for (const name of cast) {
    const existing = await app.database.db
      .selectFrom('actors')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    await factory.cast(id, existing?.id ?? (await factory.actor(name)));
  }
  master[key] = id;
}

beforeAll(async () => {
  aggregator = await startAggregator(AGGREGATED);
  const dataDir = makeTempDir('fovea-alt-');
  mkdirSync(join(dataDir, 'scrapers'));
  writeFileSync(join(dataDir, 'scrapers', 'teststudio.yaml'), studioDefinition());
  writeFileSync(join(dataDir, 'scrapers', 'altagg.yaml'), aggregatorDefinition('altagg', 'teststudio'));
  app = await createTestApp({
    dataDir,
    scrapeHostMap: { [AGGREGATOR_HOST]: aggregator.base, [STUDIO_HOST]: 'http://127.0.0.1:9' },
  });
  await masterScene('1', 'Sunset & Rooftop: Part 2', '2026-03-05', ['Mara Vale']);
  await masterScene('2', 'Library After Hours', '2026-02-20', ['Ivy Stone', 'Noa Brook'], 41);
  await masterScene('3', 'Cabin In The Snow', '2026-01-09', ['Noa Brook'], 28);
  await masterScene('4', 'Library Days', '2025-06-01', ['Ivy Stone']);
  const factory = libraryFactory(app.database.db);
  const volume = await factory.volume({ is_available: 1 });
  expectedFile = await factory.file({ volume_id: volume, filename: 'altagg_302_180_LR.mp4' });
});

afterAll(async () => {
  await app.close();
  await aggregator.close();
});

describe('match parameters', () => {
  it('answers the defaults of an alternate site, and refuses other sites', async () => {
    const params = await ok<Record<string, unknown>>('GET', '/api/options/site/match_params/altagg');
    expect(params).toMatchObject({ boost_title: 4, released_prior: 14, released_match_type: 'should' });
    expect((await call('GET', '/api/options/site/match_params/teststudio')).code).toBe(400);
    expect((await call('GET', '/api/options/site/match_params/nosuchsite')).code).toBe(404);
  });

  it('saves valid parameters and refuses bad ones with 400, changing nothing', async () => {
    const bad = [
      { site: 'altagg', match_params: { boost_title: 0.07 } },
      { site: 'altagg', match_params: { released_match_type: 'maybe' } },
      { site: 'altagg', match_params: { released_prior: -1 } },
      { site: 'x'.repeat(2000), match_params: {} },
      { match_params: {} },
    ];
    for (const body of bad)
      expect((await call('POST', '/api/options/site/save_match_params', body)).code).toBe(400);
    await ok('POST', '/api/options/site/save_match_params', {
      site: 'altagg',
      match_params: { released_match_type: 'must', boost_cast: 2.5 },
    });
    const saved = await ok<Record<string, unknown>>('GET', '/api/options/site/match_params/altagg');
    expect(saved).toMatchObject({ released_match_type: 'must', boost_cast: 2.5, boost_title: 4 });
  });
});

describe('scraping and linking an alternate site', () => {
  it('stores its scenes as references, never as scenes, and links them after the scrape', async () => {
    await ok('PUT', '/api/options/sites/altagg', {});
    await ok('GET', '/api/task/scrape?site=_enabled');
    await app.queue.idle();

    const scenes = await app.database.db
      .selectFrom('scenes')
      .select('scene_id')
      .where('scraper_id', '=', 'altagg')
      .execute();
    expect(scenes).toEqual([]);
    const stored = await references();
    expect(stored.map((row) => row.external_id)).toEqual(['altagg-301', 'altagg-302', 'altagg-303']);
    expect(stored[1]).toMatchObject({
      external_url: `https://${AGGREGATOR_HOST}/scene/302`,
      external_date: '2026-02-21T00:00:00Z',
    });
    const data = JSON.parse(stored[1]?.external_data ?? '{}') as {
      master_site_id: string;
      scene: { title: string };
    };
    expect(data.master_site_id).toBe('teststudio');
    expect(data.scene.title).toBe('Library After Hours VR Remastered');

    const linked = await links();
    expect(linked.map((row) => [row.external_id, row.internal_db_id])).toEqual([
      ['altagg-301', master['1']],
      ['altagg-302', master['2']],
    ]);
    expect(linked[0]?.match_type).toBe(10000);
    expect(linked[1]?.match_type).toBeGreaterThan(0);
    expect(linked[1]?.match_type).toBeLessThan(10000);
  });

  it('shows the linked source on the master scene, and matched the file the alternate scene expects', async () => {
    const sources = await ok<AlternateSourceList>('GET', `/api/scene/alternate_source/${master['2']}`);
    expect(sources?.map((source) => source.external_source)).toEqual([SOURCE]);
    const scene = await ok<Scene>('GET', `/api/scene/${master['2']}`);
    expect(scene.file.map((file) => file.id)).toEqual([expectedFile]);
    expect(await ok<AlternateSourceList>('GET', `/api/scene/alternate_source/${master['3']}`)).toBeNull();
  });

  it('links by weighted match once the release window allows it, and the relink job is idempotent', async () => {
    const before = { links: await links(), references: await references() };
    await ok('GET', '/api/task/relink_alt_aource_scenes');
    await app.queue.idle();
    expect(await links()).toEqual(before.links);
    expect(await references()).toEqual(before.references);

    await ok('POST', '/api/options/site/save_match_params', {
      site: 'altagg',
      match_params: { released_match_type: 'should' },
    });
    await ok('GET', '/api/task/relink_alt_aource_scenes');
    await app.queue.idle();
    const after = await links();
    expect(after.find((row) => row.external_id === 'altagg-303')?.internal_db_id).toBe(master['3']);
    expect(after.filter((row) => row.external_id !== 'altagg-303')).toEqual(before.links);
  });
});

describe('deleting links and references', () => {
  it('refuses bad input with 400', async () => {
    const url = '/api/extref/delete_extref_source_links';
    expect((await call('DELETE', `${url}/some`, { external_source: SOURCE })).code).toBe(400);
    expect((await call('DELETE', `${url}/all`, {})).code).toBe(400);
    expect(
      (await call('DELETE', `${url}/keep_manual`, { external_source: SOURCE, delete_date: 'yesterday' }))
        .code,
    ).toBe(400);
    expect((await call('DELETE', '/api/extref/delete_extref_source', { external_source: '' })).code).toBe(
      400,
    );
    expect((await call('DELETE', `${url}/all`, { external_source: '%' })).code).toBe(400);
    const stash = { external_source: 'stashdb scene' };
    expect((await call('DELETE', '/api/extref/delete_extref_source', stash)).code).toBe(400);
    expect((await links()).length).toBe(3);
  });

  it('keep_manual keeps manual links and, with a date, deletes only older links', async () => {
    const manual = await ok('POST', '/api/extref/edit_link', {
      external_source: SOURCE,
      external_id: 'altagg-301',
      internal_table: 'scenes',
      internal_db_id: master['4'],
      internal_name_id: 'teststudio-4',
      match_type: 99999,
    });
    expect(manual).toMatchObject({ match_type: 99999 });
    const url = '/api/extref/delete_extref_source_links/keep_manual';
    await ok('DELETE', url, { external_source: 'alternate scene %', delete_date: '2026-01-01T00:00:00Z' });
    expect((await links()).map((row) => row.external_id)).toEqual(['altagg-301', 'altagg-302']);
    await ok('DELETE', url, { external_source: 'alternate scene %' });
    expect((await links()).map((row) => [row.external_id, row.match_type])).toEqual([['altagg-301', 99999]]);
    await ok('DELETE', '/api/extref/delete_extref_source_links/all', {
      external_source: 'alternate scene %',
    });
    expect(await links()).toEqual([]);
  });

  it('links nothing after a scrape while linkScenesAfterSceneScraping is off; the relink job still does', async () => {
    await ok('PUT', '/api/options/interface/advanced', { linkScenesAfterSceneScraping: false });
    await ok('GET', '/api/task/scrape?site=altagg');
    await app.queue.idle();
    expect(await links()).toEqual([]);
    await ok('PUT', '/api/options/interface/advanced', { linkScenesAfterSceneScraping: true });
    await ok('GET', '/api/task/relink_alt_aource_scenes');
    await app.queue.idle();
    expect((await links()).map((row) => row.external_id)).toEqual(['altagg-301', 'altagg-302', 'altagg-303']);
  });
});

describe('Scrape & Create Scene', () => {
  it('refuses a source that is not an alternate site, or unknown, changing nothing', async () => {
    const url = '/api/extref/alternate_source/scrape_create';
    expect((await call('POST', url, { external_source: 'stashdb scene', external_id: 'x' })).code).toBe(400);
    expect((await call('POST', url, { external_source: SOURCE, external_id: 'altagg-999' })).code).toBe(404);
    expect((await call('POST', url, { external_source: SOURCE })).code).toBe(400);
    expect((await references()).length).toBe(3);
  });

  it('scrapes the page again into a real scene of the alternate site and drops the reference', async () => {
    const scene = await ok<Scene>('POST', '/api/extref/alternate_source/scrape_create', {
      external_source: SOURCE,
      external_id: 'altagg-303',
    });
    expect(scene).toMatchObject({
      scene_id: 'altagg-303',
      title: 'Cabin In The Snow Revisited',
      scene_url: `https://${AGGREGATOR_HOST}/scene/303`,
    });
    expect(scene.cast.map((actor) => actor.name)).toEqual(['Noa Brook']);
    expect((await references()).map((row) => row.external_id)).toEqual(['altagg-301', 'altagg-302']);
  });

  it('delete_extref_source removes every reference of the site', async () => {
    await ok('DELETE', '/api/extref/delete_extref_source', { external_source: SOURCE });
    expect(await references()).toEqual([]);
  });
});
