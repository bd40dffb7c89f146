import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { extrefFactory } from '../../factories/extref.factory';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { entry, linksOf, only, restore, sceneRow } from './apply-fixture';

/*
 * Restoring over a library that already has the rows: overwrite on takes the bundle's values (tags, cast and
 * simple cuepoints replaced), overwrite off adds only what is missing; include switches and the site scope
 * keep sections and scenes out; restoring the same journal twice adds nothing.
 */

let app: FoveaApp;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  const sites = extrefFactory(db());
  await sites.site('ovr', { name: 'OverVR', is_enabled: 1 });
  await sites.site('offvr', { name: 'OffVR', is_enabled: 0 });
  await sites.site('customvr', { name: 'Mine (Custom SLR)', is_enabled: 1 });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const scene = (id: string, values: Record<string, unknown> = {}) =>
  entry('scenes', { scene_id: id, scraper_id: 'ovr', title: `Scene ${id}`, ...values });

describe('overwrite', () => {
  beforeAll(async () => {
    await restore(app, [
      scene('ovr-1', {
        star_rating: 2,
        favourite: false,
        tags: [{ name: 'old tag' }, { name: 'kept' }],
        cast: [{ name: 'Old Actor' }, { name: 'Kept Actor' }],
      }),
      entry('actors', { name: 'Kept Actor', star_rating: 1 }),
      entry('playlists', { name: 'Mine', playlist_type: 'scene', ordering: 1, search_params: '{"a":1}' }),
      entry('sceneCuepoints', {
        scene_id: 'ovr-1',
        cuepoints: [
          { time_start: 5, name: 'old' },
          { time_start: 9, track: 0, name: 'hsp', rating: 1 },
        ],
      }),
    ]);
  });

  it('on: an existing scene takes the bundle values, its tags, cast and simple cuepoints are replaced', async () => {
    const run = await restore(app, [
      scene('ovr-1', {
        title: 'Renamed',
        star_rating: 5,
        favourite: true,
        tags: [{ name: 'kept' }, { name: 'new tag' }],
        cast: [{ name: 'Kept Actor' }, { name: 'New Actor' }],
      }),
      entry('actors', { name: 'Kept Actor', star_rating: 4 }),
      entry('playlists', { name: 'Mine', playlist_type: 'scene', ordering: 2, search_params: '{"b":2}' }),
      entry('sceneCuepoints', {
        scene_id: 'ovr-1',
        cuepoints: [
          { time_start: 7, name: 'new' },
          { time_start: 9, track: 0, name: 'hsp', rating: 3 },
        ],
      }),
    ]);
    expect(run.outcome.completed).toBe(true);
    expect(run.tally.get('scenes')).toMatchObject({ updated: 1, added: 0 });
    expect(run.tally.get('sceneCuepoints')).toMatchObject({ read: 2, added: 1, updated: 1 });
    expect(await sceneRow(app, 'ovr-1')).toMatchObject({
      title: 'Renamed',
      star_rating: 5,
      favourite: 1,
      cast_count: 2,
    });
    expect(await linksOf(app, 'ovr-1')).toEqual({
      cast: ['Kept Actor', 'New Actor'],
      tags: ['kept', 'new tag'],
    });
    const actor = await db()
      .selectFrom('actors')
      .selectAll()
      .where('name', '=', 'Kept Actor')
      .executeTakeFirstOrThrow();
    expect(actor.star_rating).toBe(4);
    const playlist = await db().selectFrom('playlists').selectAll().where('name', '=', 'Mine').execute();
    expect(playlist).toMatchObject([{ ordering: 2, search_params: '{"b":2}' }]);
    const { id } = await sceneRow(app, 'ovr-1');
    const cuepoints = await db()
      .selectFrom('scene_cuepoints')
      .select(['track', 'name', 'time_start', 'rating'])
      .where('scene_id', '=', id)
      .orderBy('time_start')
      .execute();
    expect(cuepoints).toEqual([
      { track: null, name: 'new', time_start: 7, rating: 0 },
      { track: 0, name: 'hsp', time_start: 9, rating: 3 },
    ]);
    const oldTag = await db()
      .selectFrom('tags')
      .select('count')
      .where('name', '=', 'old tag')
      .executeTakeFirstOrThrow();
    expect(oldTag.count).toBe(0);
  });

  it('off: existing rows are left alone and only missing ones are added', async () => {
    const run = await restore(
      app,
      [
        scene('ovr-1', { title: 'Ignored', star_rating: 1, tags: [{ name: 'ignored' }] }),
        scene('ovr-2', { title: 'Second' }),
        entry('actors', { name: 'Kept Actor', star_rating: 2 }),
        entry('playlists', { name: 'Mine', playlist_type: 'scene', ordering: 9 }),
        entry('sceneCuepoints', {
          scene_id: 'ovr-1',
          cuepoints: [
            { time_start: 7, name: 'new', rating: 5 },
            { time_start: 11, name: 'added' },
          ],
        }),
      ],
      { overwrite: false },
    );
    expect(run.tally.get('scenes')).toMatchObject({ read: 2, added: 1, skipped: 1, updated: 0 });
    expect(run.tally.get('actors')).toMatchObject({ skipped: 1 });
    expect(run.tally.get('playlists')).toMatchObject({ skipped: 1 });
    expect(run.tally.get('sceneCuepoints')).toMatchObject({ added: 1, skipped: 1 });
    expect(await sceneRow(app, 'ovr-1')).toMatchObject({ title: 'Renamed', star_rating: 5 });
    expect((await linksOf(app, 'ovr-1')).tags).toEqual(['kept', 'new tag']);
    expect(await sceneRow(app, 'ovr-2')).toMatchObject({ title: 'Second' });
    const actor = await db()
      .selectFrom('actors')
      .select('star_rating')
      .where('name', '=', 'Kept Actor')
      .executeTakeFirstOrThrow();
    expect(actor.star_rating).toBe(4);
    const { id } = await sceneRow(app, 'ovr-1');
    const rated = await db()
      .selectFrom('scene_cuepoints')
      .select(['name', 'rating'])
      .where('scene_id', '=', id)
      .where('track', 'is', null)
      .orderBy('time_start')
      .execute();
    expect(rated).toEqual([
      { name: 'new', rating: 0 },
      { name: 'added', rating: 0 },
    ]);
  });
});

describe('history and journals', () => {
  const bundle = [
    scene('ovr-10'),
    entry('sceneHistory', {
      scene_id: 'ovr-10',
      history: [
        { time_start: '2024-01-01T10:00:00Z', duration: 60 },
        { time_start: '2024-01-02T10:00:00Z', duration: 30 },
      ],
    }),
    entry('actions', {
      scene_id: 'ovr-10',
      actions: [
        { action_type: 'edit', changed_column: 'tags', new_value: '+x' },
        { action_type: 'edit', changed_column: 'tags', new_value: '-x' },
        { action_type: 'edit', changed_column: 'tags', new_value: '+x' },
      ],
    }),
    entry('actionActors', {
      actor_name: 'Nobody Here',
      action_actors: [
        {
          action_type: 'edit',
          changed_column: 'height',
          new_value: '160',
          created_at: '2024-02-02T00:00:00Z',
        },
      ],
    }),
  ];

  it('keeps every entry the first time and adds nothing when restored again', async () => {
    const first = await restore(app, bundle);
    expect(first.tally.get('sceneHistory')).toMatchObject({ read: 2, added: 2 });
    expect(first.tally.get('actions')).toMatchObject({ read: 3, added: 3 });
    const second = await restore(app, bundle, { overwrite: false });
    expect(second.tally.get('sceneHistory')).toMatchObject({ read: 2, added: 0, skipped: 2 });
    expect(second.tally.get('actions')).toMatchObject({ read: 3, added: 0, skipped: 3 });
    expect(second.tally.get('actionActors')).toMatchObject({ read: 1, added: 0, skipped: 1 });
    const edits = await db()
      .selectFrom('scene_edits')
      .select('new_value')
      .where('scene_id', '=', 'ovr-10')
      .orderBy('id')
      .execute();
    expect(edits.map((edit) => edit.new_value)).toEqual(['+x', '-x', '+x']);
    const actorEdits = await db()
      .selectFrom('actor_edits')
      .selectAll()
      .where('actor_name', '=', 'Nobody Here')
      .execute();
    expect(actorEdits).toMatchObject([{ actor_id: null, created_at: '2024-02-02T00:00:00.000Z' }]);
    expect(await sceneRow(app, 'ovr-10')).toMatchObject({ total_watch_time: 90 });
  });
});

describe('include switches and site scope', () => {
  it('counts a switched-off section as skipped and writes none of it', async () => {
    const run = await restore(
      app,
      [scene('ovr-20'), entry('playlists', { name: 'Not taken', playlist_type: 'actor' })],
      { inclScenes: false },
    );
    expect(run.tally.get('scenes')).toEqual({ read: 1, added: 0, updated: 0, skipped: 1, rejected: 0 });
    expect(run.tally.get('playlists')).toMatchObject({ added: 1 });
    const found = await db().selectFrom('scenes').select('id').where('scene_id', '=', 'ovr-20').execute();
    expect(found).toEqual([]);
  });

  it('keeps scenes of disabled sites out unless all sites are asked for, and custom sites when only official ones are', async () => {
    const entries = [
      scene('ovr-30'),
      scene('offvr-30', { scraper_id: 'offvr' }),
      scene('customvr-30', { scraper_id: 'customvr' }),
    ];
    const narrow = await restore(app, entries, { allSites: false, onlyIncludeOfficalSites: true });
    expect(narrow.tally.get('scenes')).toMatchObject({ read: 3, added: 1, skipped: 2 });
    const wide = await restore(app, entries, { allSites: true, overwrite: false });
    expect(wide.tally.get('scenes')).toMatchObject({ read: 3, added: 2, skipped: 1 });
  });

  it('makes a scene available when only its file links are restored', async () => {
    const library = libraryFactory(db());
    await library.volume({ path: '/links' });
    await library.scene({ scene_id: 'ovr-40', scraper_id: 'ovr' });
    expect(await sceneRow(app, 'ovr-40')).toMatchObject({ is_available: 0 });
    const run = await restore(
      app,
      [
        entry('sceneFileLinks', {
          scene_id: 'ovr-40',
          files: [{ path: '/links/a', filename: 'ovr-40.mp4', size: 5 }],
        }),
      ],
      only('inclLinks'),
    );
    expect(run.tally.get('sceneFileLinks')).toMatchObject({ added: 1 });
    expect(await sceneRow(app, 'ovr-40')).toMatchObject({
      is_available: 1,
      video_file_count: 1,
      total_file_size: 5,
    });
  });

  it('takes only the manual alternate-scene matches when that subset is asked for', async () => {
    const ref = (id: string, matchType: number) =>
      entry('externalReferences', {
        external_source: 'alternate scene othervr',
        external_id: id,
        xbvr_links: [
          {
            internal_table: 'scenes',
            internal_name_id: 'ovr-1',
            match_type: matchType,
            udf_datetime1: '2024-01-01T00:00:00Z',
          },
        ],
      });
    const run = await restore(app, [ref('alt-manual', 99999), ref('alt-auto', 10000)], {
      extRefSubset: 'manual_matched',
    });
    expect(run.tally.get('externalReferences')).toMatchObject({ read: 2, added: 1, skipped: 1 });
    const refs = await db()
      .selectFrom('external_references')
      .innerJoin(
        'external_reference_links',
        'external_reference_links.external_reference_id',
        'external_references.id',
      )
      .select(['external_references.external_id', 'external_reference_links.match_type'])
      .where('external_references.external_source', '=', 'alternate scene othervr')
      .execute();
    expect(refs).toEqual([{ external_id: 'alt-manual', match_type: 99999 }]);
    const { id } = await sceneRow(app, 'ovr-1');
    const linked = await db()
      .selectFrom('scenes')
      .select('alt_src_linked_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The scene's alternate-source facts follow the re-resolved link (by trigger).
    expect(linked.alt_src_linked_at).toBe('2024-01-01T00:00:00.000Z');
  });

  it('judges the site scope by the site switches the bundle itself restores', async () => {
    const run = await restore(
      app,
      [
        entry('sites', { id: 'offvr', name: 'OffVR', is_enabled: true }),
        scene('offvr-50', { scraper_id: 'offvr' }),
      ],
      { allSites: false },
    );
    expect(run.tally.get('scenes')).toMatchObject({ read: 1, added: 1 });
  });
});
