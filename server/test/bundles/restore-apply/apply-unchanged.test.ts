import { BUNDLE_SECTIONS } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { SiteRepository } from '../../../src/repositories/site.repository';
import { extrefFactory } from '../../factories/extref.factory';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { entry, linksOf, only, restore, sceneRow } from './apply-fixture';
import { EVERY_SECTION } from './every-section-bundle';

/*
 * What a restore counts when the library already holds what the bundle says (skipped, not updated), the sites
 * a restore creates, and the external-reference links it cannot resolve.
 */

let app: FoveaApp;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  await extrefFactory(db()).site('restorevr', { name: 'RestoreVR' });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('restoring the same bundle twice', () => {
  it('adds and updates nothing the second time, in every section', async () => {
    const first = await restore(app, EVERY_SECTION, { inclConfig: true });
    expect(first.outcome).toEqual({ completed: true });
    const second = await restore(app, EVERY_SECTION, { inclConfig: true });
    expect(second.outcome).toEqual({ completed: true });
    const sections = second.tally.sections();
    for (const section of BUNDLE_SECTIONS) {
      const counts = sections[section];
      if (counts === undefined) continue;
      expect({ section, added: counts.added, updated: counts.updated }).toEqual({
        section,
        added: 0,
        updated: 0,
      });
    }
    expect(sections.scenes).toMatchObject({ read: 1, skipped: 1 });
    expect(sections.sites).toMatchObject({ read: 1, skipped: 1 });
    expect(sections.akas).toMatchObject({ read: 1, skipped: 1 });
    expect(sections.tagGroups).toMatchObject({ read: 1, skipped: 1 });
    expect(sections.externalReferences).toMatchObject({ read: 1, skipped: 1 });
    expect(sections.sceneCuepoints?.skipped).toBe(sections.sceneCuepoints?.read);
    expect(sections.sceneFileLinks?.skipped).toBe(sections.sceneFileLinks?.read);
  });

  it('counts as updated only the rows whose values or links differ', async () => {
    const scene = (id: string, values: Record<string, unknown> = {}) =>
      entry('scenes', { scene_id: id, scraper_id: 'restorevr', title: `Scene ${id}`, ...values });
    const bundle = [
      scene('restorevr-20', { tags: [{ name: 'a' }] }),
      scene('restorevr-21', { tags: [{ name: 'a' }] }),
      scene('restorevr-22'),
      entry('actors', { name: 'Same Actor', star_rating: 2 }),
      entry('actors', { name: 'Changed Actor', star_rating: 2 }),
      entry('playlists', { name: 'Same', playlist_type: 'scene', ordering: 1 }),
      entry('playlists', { name: 'Changed', playlist_type: 'scene', ordering: 1 }),
    ];
    await restore(app, bundle);
    const run = await restore(app, [
      scene('restorevr-20', { tags: [{ name: 'a' }] }),
      scene('restorevr-21', { tags: [{ name: 'b' }] }),
      scene('restorevr-22', { title: 'Renamed' }),
      entry('actors', { name: 'Same Actor', star_rating: 2 }),
      entry('actors', { name: 'Changed Actor', star_rating: 5 }),
      entry('playlists', { name: 'Same', playlist_type: 'scene', ordering: 1 }),
      entry('playlists', { name: 'Changed', playlist_type: 'scene', ordering: 2 }),
    ]);
    expect(run.tally.get('scenes')).toMatchObject({ read: 3, added: 0, updated: 2, skipped: 1 });
    expect(run.tally.get('actors')).toMatchObject({ read: 2, added: 0, updated: 1, skipped: 1 });
    expect(run.tally.get('playlists')).toMatchObject({ read: 2, added: 0, updated: 1, skipped: 1 });
    expect((await linksOf(app, 'restorevr-21')).tags).toEqual(['b']);
    expect(await sceneRow(app, 'restorevr-22')).toMatchObject({ title: 'Renamed' });
  });
});

describe('counts at the end', () => {
  it("brings the cast's available-scene counts up to date when only a scene's files are restored", async () => {
    await libraryFactory(db()).volume({ path: '/counted' });
    await restore(app, [
      entry('scenes', {
        scene_id: 'restorevr-30',
        scraper_id: 'restorevr',
        cast: [{ name: 'Counted Actor' }],
        tags: [{ name: 'counted tag' }],
      }),
    ]);
    const actor = () =>
      db()
        .selectFrom('actors')
        .select(['count', 'avail_count'])
        .where('name', '=', 'Counted Actor')
        .executeTakeFirstOrThrow();
    expect(await actor()).toEqual({ count: 1, avail_count: 0 });
    const tag = await db()
      .selectFrom('tags')
      .select('count')
      .where('name', '=', 'counted tag')
      .executeTakeFirstOrThrow();
    expect(tag.count).toBe(1);
    const run = await restore(
      app,
      [
        entry('sceneFileLinks', {
          scene_id: 'restorevr-30',
          files: [{ path: '/counted/a', filename: 'restorevr-30.mp4', size: 5 }],
        }),
      ],
      only('inclLinks'),
    );
    expect(run.tally.get('sceneFileLinks')).toMatchObject({ added: 1 });
    expect(await actor()).toEqual({ count: 1, avail_count: 1 });
  });
});

describe('sites the library does not know', () => {
  it('creates a site the bundle names by id, without a definition, and rejects one named only by name', async () => {
    const bundle = [
      entry('sites', {
        id: 'gonevr',
        name: 'GoneVR',
        is_enabled: true,
        subscribed: true,
        limit_scraping: false,
        master_site_id: 'restorevr',
        matching_params: '{"a":1}',
        scrape_stash: true,
      }),
      entry('sites', { name: 'Nameless VR', is_enabled: true }),
    ];
    const run = await restore(app, bundle, only('inclSites'));
    expect(run.tally.get('sites')).toEqual({ read: 2, added: 1, updated: 0, skipped: 0, rejected: 1 });
    expect(run.tally.rejected()).toEqual([{ section: 'sites', key: 'Nameless VR', reason: 'no such site' }]);
    const site = await db()
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 'gonevr')
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({
      name: 'GoneVR',
      studio: 'GoneVR',
      is_builtin: 0,
      has_scraper: 0,
      is_enabled: 1,
      subscribed: 1,
      limit_scraping: 0,
      master_site_id: 'restorevr',
      matching_params: '{"a":1}',
      scrape_stash: 1,
    });

    const again = await restore(app, bundle, only('inclSites'));
    expect(again.tally.get('sites')).toMatchObject({ added: 0, updated: 0, skipped: 1, rejected: 1 });

    // A scraper definition with that id later takes the row over and keeps the owner's switches.
    await new SiteRepository(db()).syncDefinitions([
      {
        id: 'gonevr',
        name: 'GoneVR (back)',
        studio: 'Gone Studio',
        avatar_url: '',
        domain: 'gonevr.test',
        definition_id: 'gonevr',
        master_site_id: '',
        disabled_reason: '',
        is_builtin: 1,
      },
    ]);
    const taken = await db()
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 'gonevr')
      .executeTakeFirstOrThrow();
    expect(taken).toMatchObject({ has_scraper: 1, studio: 'Gone Studio', is_enabled: 1, subscribed: 1 });
  });
});

describe('external-reference links whose target is not here', () => {
  it('rejects each with what is missing, keeps the reference with the others, and the deleted link', async () => {
    const bundle = [
      entry('externalReferences', {
        external_source: 'stashdb scene',
        external_id: 'uuid-missing',
        xbvr_links: [
          { internal_table: 'scenes', internal_name_id: 'restorevr-20', match_type: 5 },
          { internal_table: 'scenes', internal_name_id: 'nowhere-1', match_type: 5 },
          { internal_table: 'actors', internal_name_id: 'Nobody Known', match_type: 90 },
          { internal_table: 'sites', internal_name_id: 'no-such-site', match_type: 0 },
          { internal_table: 'scenes', internal_name_id: 'deleted', match_type: -1 },
        ],
      }),
    ];
    const run = await restore(app, bundle, only('inclExtRefs'));
    expect(run.tally.get('externalReferences')).toMatchObject({ read: 1, added: 1, rejected: 3 });
    const key = 'stashdb scene uuid-missing';
    expect(run.tally.rejected()).toEqual([
      { section: 'externalReferences', key, reason: 'no such scene nowhere-1' },
      { section: 'externalReferences', key, reason: 'no such actor Nobody Known' },
      { section: 'externalReferences', key, reason: 'no such site no-such-site' },
    ]);
    const links = await db()
      .selectFrom('external_reference_links')
      .innerJoin(
        'external_references',
        'external_references.id',
        'external_reference_links.external_reference_id',
      )
      .select(['external_reference_links.internal_name_id', 'external_reference_links.match_type'])
      .where('external_references.external_id', '=', 'uuid-missing')
      .orderBy('external_reference_links.id')
      .execute();
    expect(links).toEqual([
      { internal_name_id: 'restorevr-20', match_type: 5 },
      { internal_name_id: 'deleted', match_type: -1 },
    ]);

    const again = await restore(app, bundle, only('inclExtRefs'));
    expect(again.tally.get('externalReferences')).toMatchObject({
      added: 0,
      updated: 0,
      skipped: 1,
      rejected: 3,
    });
  });
});
