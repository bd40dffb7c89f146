import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { ScrapeRunRepository } from '../../../src/repositories/scrape-run.repository';
import { SiteRepository } from '../../../src/repositories/site.repository';
import { SiteService, type SiteDefinitionEntry } from '../../../src/scrapers/sites/site.service';
import { libraryFactory } from '../../factories/library.factory';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { scraped, writerOf } from '../store/writer-fixture';

/*
 * Sites filled from the definitions, the owner's switches kept across syncs, the wire list, force update and
 * delete scenes (files unmatched, nothing on disk touched).
 */

let app: FoveaApp;
let sites: SiteService;

const entry = (id: string, values: Partial<SiteDefinitionEntry> = {}): SiteDefinitionEntry => ({
  id,
  name: id.toUpperCase(),
  studio: 'Studio',
  avatar: `https://${id}.com/icon.png`,
  domain: `${id}.com`,
  definitionId: 'family',
  masterSiteId: '',
  builtin: true,
  ...values,
});

beforeAll(async () => {
  app = await createTestApp();
  sites = new SiteService({
    sites: new SiteRepository(app.database.db),
    runs: new ScrapeRunRepository(app.database.db),
  });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const row = (id: string) =>
  app.database.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('syncFromDefinitions', () => {
  it('adds new sites disabled, with the described facts and has_scraper', async () => {
    const added = await sites.syncFromDefinitions([entry('alpha'), entry('beta', { builtin: false })]);
    expect(added).toEqual(['alpha', 'beta']);
    expect(await row('alpha')).toMatchObject({
      name: 'ALPHA',
      studio: 'Studio',
      avatar_url: 'https://alpha.com/icon.png',
      domain: 'alpha.com',
      definition_id: 'family',
      is_builtin: 1,
      is_enabled: 0,
      has_scraper: 1,
      last_update: null,
    });
    expect((await row('beta')).is_builtin).toBe(0);
  });

  it("keeps the owner's switches, last update and matching parameters, and follows the definition's facts", async () => {
    await app.database.db
      .updateTable('sites')
      .set({
        is_enabled: 1,
        subscribed: 1,
        limit_scraping: 1,
        scrape_stash: 1,
        last_update: '2024-05-01T10:00:00.000Z',
        matching_params: '{"boost_title":3}',
      })
      .where('id', '=', 'alpha')
      .execute();
    const added = await sites.syncFromDefinitions([entry('alpha', { name: 'Alpha VR', studio: 'Alpha Co' })]);
    expect(added).toEqual([]);
    expect(await row('alpha')).toMatchObject({
      name: 'Alpha VR',
      studio: 'Alpha Co',
      is_enabled: 1,
      subscribed: 1,
      limit_scraping: 1,
      scrape_stash: 1,
      last_update: '2024-05-01T10:00:00.000Z',
      matching_params: '{"boost_title":3}',
      has_scraper: 1,
    });
  });

  it('keeps the row of a site no longer defined, with has_scraper off, and back on when defined again', async () => {
    await sites.syncFromDefinitions([entry('alpha', { name: 'Alpha VR', studio: 'Alpha Co' })]);
    expect((await row('beta')).has_scraper).toBe(0);
    await sites.syncFromDefinitions([
      entry('alpha', { name: 'Alpha VR', studio: 'Alpha Co' }),
      entry('beta'),
    ]);
    expect((await row('beta')).has_scraper).toBe(1);
  });

  it('does not write a site whose facts did not change', async () => {
    const before = await row('beta');
    await sites.syncFromDefinitions([
      entry('alpha', { name: 'Alpha VR', studio: 'Alpha Co' }),
      entry('beta'),
    ]);
    expect((await row('beta')).updated_at).toBe(before.updated_at);
  });

  it('switches off a site shipped disabled, and refuses to enable it', async () => {
    await app.database.db.updateTable('sites').set({ is_enabled: 1 }).where('id', '=', 'beta').execute();
    await sites.syncFromDefinitions([entry('beta', { disabledReason: 'the site closed in 2023' })]);
    expect(await row('beta')).toMatchObject({ is_enabled: 0, disabled_reason: 'the site closed in 2023' });
    await expect(sites.toggle('beta', 'is_enabled')).rejects.toMatchObject({ statusCode: 409 });
    await expect(sites.toggle('beta', 'subscribed')).resolves.toBeInstanceOf(Array);
  });
});

describe('list', () => {
  it('answers the wire shape, ordered by name ignoring case, with the scene counts', async () => {
    await sites.syncFromDefinitions([
      entry('alpha', { name: 'Alpha VR', studio: 'Alpha Co' }),
      entry('beta'),
      entry('zulu', { name: 'aardvark VR' }),
    ]);
    const make = libraryFactory(app.database.db);
    await make.scene({ scraper_id: 'alpha' });
    await make.scene({ scraper_id: 'alpha' });
    const list = await sites.list();
    const names = list.map((site) => site.name);
    expect(names.filter((name) => ['aardvark VR', 'Alpha VR', 'BETA'].includes(name))).toEqual([
      'aardvark VR',
      'Alpha VR',
      'BETA',
    ]);
    const folded = names.map((name) => name.toLowerCase());
    expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.find((site) => site.id === 'alpha')).toEqual({
      id: 'alpha',
      name: 'Alpha VR',
      avatar_url: 'https://alpha.com/icon.png',
      is_builtin: true,
      is_enabled: true,
      last_update: '2024-05-01T10:00:00.000Z',
      subscribed: true,
      has_scraper: true,
      limit_scraping: true,
      master_site_id: '',
      matching_params: '{"boost_title":3}',
      scrape_stash: true,
      scene_count: 2,
    });
    expect(list.find((site) => site.id === 'zulu')).toMatchObject({
      last_update: '0001-01-01T00:00:00Z',
      scene_count: 0,
    });
  });
});

describe('toggle', () => {
  it('flips one switch and answers every site; 404 for an unknown site', async () => {
    const before = (await row('zulu')).limit_scraping;
    const list = await sites.toggle('zulu', 'limit_scraping');
    expect(list.find((site) => site.id === 'zulu')?.limit_scraping).toBe(before === 0);
    const all = await app.database.db.selectFrom('sites').select('id').execute();
    expect(list).toHaveLength(all.length);
    await expect(sites.toggle('nope', 'subscribed')).rejects.toMatchObject({ statusCode: 404 });
  });

  it("copies the subscribed flag onto the site's scenes", async () => {
    const make = libraryFactory(app.database.db);
    const mine = await make.scene({ scraper_id: 'zulu' });
    const other = await make.scene({ scraper_id: 'alpha' });
    const flags = async () =>
      Object.fromEntries(
        (
          await app.database.db
            .selectFrom('scenes')
            .select(['id', 'is_subscribed'])
            .where('id', 'in', [mine, other])
            .execute()
        ).map((scene) => [scene.id, scene.is_subscribed]),
      );
    const subscribed = (await sites.toggle('zulu', 'subscribed')).find(
      (site) => site.id === 'zulu',
    )?.subscribed;
    expect(await flags()).toEqual({ [mine]: subscribed ? 1 : 0, [other]: 0 });
    await sites.toggle('zulu', 'subscribed');
    expect(await flags()).toEqual({ [mine]: subscribed ? 0 : 1, [other]: 0 });
  });
});

describe('markScraped', () => {
  it('sets the last update', async () => {
    await sites.markScraped('zulu', new Date('2025-02-03T04:05:06.000Z'));
    expect((await row('zulu')).last_update).toBe('2025-02-03T04:05:06.000Z');
    await expect(sites.markScraped('nope', new Date())).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('forceUpdate', () => {
  it("flags every scene of the site for a re-scrape and turns limit scraping off; other sites' scenes stay", async () => {
    const make = libraryFactory(app.database.db);
    const mine = await make.scene({ scraper_id: 'gamma' });
    const other = await make.scene({ scraper_id: 'delta' });
    await sites.syncFromDefinitions([entry('gamma'), entry('delta')]);
    await app.database.db.updateTable('sites').set({ limit_scraping: 1 }).where('id', '=', 'gamma').execute();
    await sites.forceUpdate('gamma');
    const flags = await app.database.db
      .selectFrom('scenes')
      .select(['id', 'needs_update'])
      .where('id', 'in', [mine, other])
      .execute();
    expect(Object.fromEntries(flags.map((flag) => [flag.id, flag.needs_update]))).toEqual({
      [mine]: 1,
      [other]: 0,
    });
    expect((await row('gamma')).limit_scraping).toBe(0);
    await expect(sites.forceUpdate('nope')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('deleteScenes', () => {
  it("deletes the site's scenes: files become unmatched, nothing on disk goes, counts follow", async () => {
    const folder = makeTempDir('fovea-site-delete-');
    try {
      writeFileSync(join(folder, 'epsilon_1.mp4'), 'video');
      const { writer } = writerOf(app);
      await sites.syncFromDefinitions([entry('epsilon')]);
      await writer.writeBatch([
        scraped('e1', {
          scraperId: 'epsilon',
          sceneId: 'epsilon-1',
          cast: ['Only Epsilon'],
          tags: ['Epsilontag'],
        }),
        scraped('e2', { scraperId: 'epsilon', sceneId: 'epsilon-2', cast: ['Shared Actor'] }),
        scraped('k1', { scraperId: 'keep', sceneId: 'keep-1', cast: ['Shared Actor'] }),
      ]);
      const make = libraryFactory(app.database.db);
      const volume = await make.volume({ path: folder });
      const scene = await app.database.db
        .selectFrom('scenes')
        .select('id')
        .where('scene_id', '=', 'epsilon-1')
        .executeTakeFirstOrThrow();
      const file = await make.file({
        volume_id: volume,
        path: folder,
        filename: 'epsilon_1.mp4',
        scene_id: scene.id,
      });
      await app.database.db
        .updateTable('sites')
        .set({ limit_scraping: 1, last_update: '2025-01-01T00:00:00.000Z' })
        .where('id', '=', 'epsilon')
        .execute();

      expect(await sites.deleteScenes('epsilon')).toBe(2);

      const left = await app.database.db
        .selectFrom('scenes')
        .select('scene_id')
        .where('scraper_id', '=', 'epsilon')
        .execute();
      expect(left).toEqual([]);
      const fileRow = await app.database.db
        .selectFrom('files')
        .select('scene_id')
        .where('id', '=', file)
        .executeTakeFirst();
      expect(fileRow).toEqual({ scene_id: null });
      expect(existsSync(join(folder, 'epsilon_1.mp4'))).toBe(true);
      expect(await row('epsilon')).toMatchObject({ limit_scraping: 0, last_update: null });
      const counts = await app.database.db
        .selectFrom('actors')
        .select(['name', 'count'])
        .where('name', 'in', ['Only Epsilon', 'Shared Actor'])
        .orderBy('name')
        .execute();
      expect(counts).toEqual([
        { name: 'Only Epsilon', count: 0 },
        { name: 'Shared Actor', count: 1 },
      ]);
      const tag = await app.database.db
        .selectFrom('tags')
        .select('count')
        .where('name', '=', 'epsilontag')
        .executeTakeFirst();
      expect(tag?.count).toBe(0);
      expect(
        (await app.database.db.selectFrom('scenes').select('id').where('scene_id', '=', 'keep-1').execute())
          .length,
      ).toBe(1);
    } finally {
      removeTempDir(folder);
    }
  });

  it('is 404 for an unknown site', async () => {
    await expect(sites.deleteScenes('nope')).rejects.toMatchObject({ statusCode: 404 });
  });
});
