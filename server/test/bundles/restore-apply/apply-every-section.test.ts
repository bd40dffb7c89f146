import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { extrefFactory } from '../../factories/extref.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { linksOf, restore, sceneRow, type RunResult } from './apply-fixture';
import { EVERY_SECTION, HASH } from './every-section-bundle';

/*
 * A hand-made v2.1 bundle with every section, restored into an empty library: each row compared field by field
 * with what the bundle says (Go zero times as none, dates as days), links re-resolved by natural keys, statuses
 * and counts recomputed.
 */

let app: FoveaApp;
let run: RunResult;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  await extrefFactory(db()).site('restorevr', { name: 'RestoreVR' });
  run = await restore(app, EVERY_SECTION, { inclConfig: true });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('a v2.1 bundle restored into an empty library', () => {
  it('completes and counts each section', () => {
    expect(run.outcome).toEqual({ completed: true });
    const sections = run.tally.sections();
    expect(sections.scenes).toEqual({ read: 1, added: 1, updated: 0, skipped: 0, rejected: 0 });
    expect(sections.sceneFileLinks).toMatchObject({ read: 2, added: 2 });
    expect(sections.actors).toMatchObject({ read: 2, added: 1, skipped: 1 });
    expect(sections.config).toMatchObject({ read: 4, added: 2, updated: 1, skipped: 1, rejected: 1 });
    expect(sections.sites).toMatchObject({ read: 1, updated: 1 });
    // The invalid options group, and the external-reference link to a scene that is not here.
    expect(run.tally.rejectedTotal).toBe(2);
    expect(run.progress.at(-1)).toMatchObject({ done: run.progress.at(-1)?.total });
  });

  it('writes the scene with every field, its plain tags and cast', async () => {
    const scene = await sceneRow(app, 'restorevr-1');
    expect(scene).toMatchObject({
      title: 'First Light',
      scene_type: 'VR',
      scraper_id: 'restorevr',
      studio: 'Restore Studio',
      site: 'RestoreVR',
      images: '[{"url":"https://img.test/1.jpg","type":"cover","orientation":""}]',
      duration: 42,
      synopsis: 'A scene',
      release_date: '2024-03-05',
      cover_url: 'https://img.test/1.jpg',
      scene_url: 'https://restorevr.test/1',
      members_url: 'https://members.restorevr.test/1',
      is_multipart: 0,
      star_rating: 4.5,
      favourite: 1,
      watchlist: 1,
      is_watched: 1,
      last_opened: '2024-06-01T08:00:00.000Z',
      trailer_type: 'url',
      trailer_source: 'https://restorevr.test/1.mp4',
      chroma_key: '{"hasAlpha":true}',
      trailerlist: 1,
      is_subscribed: 1,
      is_hidden: 0,
      script_published: null,
      ai_script: 1,
      human_script: 0,
      created_at: '2023-01-02T03:04:05.000Z',
    });
    expect(scene.filenames_arr).toBe('["restorevr_1_8k.mp4"]');
    expect(await linksOf(app, 'restorevr-1')).toEqual({ cast: ['Jane Doe', 'Janie'], tags: ['blonde'] });
  });

  it('recomputes the scene status from the restored files, history and cuepoints', async () => {
    const scene = await sceneRow(app, 'restorevr-1');
    expect(scene).toMatchObject({
      is_available: 1,
      is_accessible: 1,
      is_scripted: 1,
      video_file_count: 1,
      script_file_count: 1,
      total_file_size: 1244,
      added_date: '2024-04-01T00:00:00.000Z',
      total_watch_time: 600,
      cast_count: 2,
      cuepoint_count: 2,
      hsp_cuepoint_count: 1,
      // An available scene is no longer wished for.
      wishlist: 0,
    });
  });

  it('keeps the scene findable by the search index', async () => {
    const hits = await db()
      .selectFrom('scene_search')
      .select('rowid')
      .where('scene_search', '=', 'Janie')
      .execute();
    const scene = await sceneRow(app, 'restorevr-1');
    expect(hits.map((hit) => hit.rowid)).toEqual([scene.id]);
  });

  it('writes actors with their details and the owner state', async () => {
    const actor = await db()
      .selectFrom('actors')
      .selectAll()
      .where('name', '=', 'Jane Doe')
      .executeTakeFirstOrThrow();
    expect(actor).toMatchObject({
      image_url: 'https://img.test/jane.jpg',
      image_arr: '["https://img.test/jane.jpg"]',
      star_rating: 4,
      favourite: 1,
      watchlist: 0,
      birth_date: '1995-04-03',
      nationality: 'US',
      height: 170,
      weight: 55,
      cup_size: 'C',
      tattoos: '["rose"]',
      aliases: '["JD"]',
      biography: 'About Jane',
      is_aka_group: 0,
      count: 1,
      avail_count: 1,
    });
    const janie = await db()
      .selectFrom('actors')
      .selectAll()
      .where('name', '=', 'Janie')
      .executeTakeFirstOrThrow();
    expect(janie.image_url).toBe('https://img.test/janie.jpg');
  });

  it('writes the volume, the files and an unmatched file', async () => {
    const volume = await db()
      .selectFrom('volumes')
      .selectAll()
      .where('path', '=', '/media/vr')
      .executeTakeFirstOrThrow();
    expect(volume).toMatchObject({ type: 'local', is_enabled: 1, is_available: 1, last_scan: null });
    const files = await db().selectFrom('files').selectAll().orderBy('filename').execute();
    expect(files.map((f) => [f.filename, f.volume_id, f.type, f.scene_id === null])).toEqual([
      ['First Light 8K.funscript', volume.id, 'script', false],
      ['First Light 8K.mp4', volume.id, 'video', false],
      ['unknown.mp4', volume.id, 'video', true],
    ]);
    expect(files[1]).toMatchObject({
      path: '/media/vr/studio',
      size: 1234,
      oshash: 'abc',
      created_time: '2024-04-01T00:00:00.000Z',
      updated_time: null,
      video_width: 8192,
      video_height: 4096,
      video_avgfps_val: 60,
      video_codec_name: 'hevc',
      duration: 2520.5,
      projection: '180_sbs',
      has_alpha: 0,
    });
    expect(files[0]?.is_selected_script).toBe(1);
  });

  it('writes cuepoints, history and both journals', async () => {
    const scene = await sceneRow(app, 'restorevr-1');
    const cuepoints = await db()
      .selectFrom('scene_cuepoints')
      .select(['track', 'name', 'time_start', 'time_end', 'rating'])
      .where('scene_id', '=', scene.id)
      .orderBy('time_start')
      .execute();
    expect(cuepoints).toEqual([
      { track: null, name: 'standing-kiss', time_start: 10, time_end: null, rating: 1 },
      { track: 1, name: 'Jane Doe', time_start: 20, time_end: 30, rating: 0 },
    ]);
    const history = await db().selectFrom('histories').selectAll().where('scene_id', '=', scene.id).execute();
    expect(history).toMatchObject([
      { time_start: '2024-05-01T20:00:00.000Z', time_end: '2024-05-01T20:10:00.000Z', duration: 600 },
    ]);
    const edits = await db().selectFrom('scene_edits').selectAll().execute();
    expect(edits).toMatchObject([
      { scene_id: 'restorevr-1', action_type: 'edit', changed_column: 'title', new_value: 'First Light' },
    ]);
    const actorEdits = await db().selectFrom('actor_edits').selectAll().execute();
    const jane = await db()
      .selectFrom('actors')
      .select('id')
      .where('name', '=', 'Jane Doe')
      .executeTakeFirstOrThrow();
    expect(actorEdits).toMatchObject([
      {
        actor_id: jane.id,
        actor_name: 'Jane Doe',
        action_type: 'edit',
        source: 'edit_actor',
        new_value: '170',
      },
    ]);
  });

  it('rebuilds the aka group with its pseudo-actor, and the tag group with its pseudo-tag', async () => {
    const aka = await db()
      .selectFrom('akas')
      .innerJoin('actors', 'actors.id', 'akas.aka_actor_id')
      .select([
        'akas.id',
        'actors.name',
        'actors.is_aka_group',
        'actors.star_rating',
        'actors.favourite',
        'actors.count',
      ])
      .where('akas.name', '=', 'Jane Doe,Janie')
      .executeTakeFirstOrThrow();
    expect(aka).toMatchObject({
      name: 'aka:Jane Doe,Janie',
      is_aka_group: 1,
      star_rating: 3,
      favourite: 1,
      count: 1,
    });
    const members = await db()
      .selectFrom('actor_akas')
      .innerJoin('actors', 'actors.id', 'actor_akas.actor_id')
      .select('actors.name')
      .where('aka_id', '=', aka.id)
      .orderBy('actors.name')
      .execute();
    expect(members.map((m) => m.name)).toEqual(['Jane Doe', 'Janie']);
    const group = await db()
      .selectFrom('tag_groups')
      .innerJoin('tags', 'tags.id', 'tag_groups.tag_group_tag_id')
      .select(['tag_groups.id', 'tags.name', 'tags.is_tag_group', 'tags.count'])
      .where('tag_groups.name', '=', 'Hair')
      .executeTakeFirstOrThrow();
    expect(group).toMatchObject({ name: 'tag group:Hair', is_tag_group: 1, count: 1 });
    const blonde = await db()
      .selectFrom('tags')
      .selectAll()
      .where('name', '=', 'blonde')
      .executeTakeFirstOrThrow();
    expect(blonde).toMatchObject({ count: 1, is_tag_group: 0 });
  });

  it('writes the playlist, the site switches and the external reference with re-resolved links', async () => {
    const playlist = await db()
      .selectFrom('playlists')
      .selectAll()
      .where('name', '=', 'Best')
      .executeTakeFirstOrThrow();
    expect(playlist).toMatchObject({
      ordering: 3,
      is_deo_enabled: 1,
      is_smart: 1,
      is_system: 0,
      search_params: '{"sort":"rating_desc"}',
    });
    const site = await db()
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', 'restorevr')
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({ is_enabled: 1, subscribed: 1, limit_scraping: 1 });
    const scene = await sceneRow(app, 'restorevr-1');
    const jane = await db()
      .selectFrom('actors')
      .select('id')
      .where('name', '=', 'Jane Doe')
      .executeTakeFirstOrThrow();
    const ref = await db().selectFrom('external_references').selectAll().executeTakeFirstOrThrow();
    expect(ref).toMatchObject({
      external_source: 'stashdb scene',
      external_id: 'uuid-1',
      external_url: 'https://stashdb.test/scenes/uuid-1',
      external_date: '2024-03-05T00:00:00.000Z',
      external_data: '{"id":"uuid-1"}',
    });
    const links = await db()
      .selectFrom('external_reference_links')
      .select([
        'internal_table',
        'internal_db_id',
        'internal_name_id',
        'match_type',
        'external_source',
        'external_id',
      ])
      .where('external_reference_id', '=', ref.id)
      .orderBy('id')
      .execute();
    expect(links).toEqual([
      {
        internal_table: 'scenes',
        internal_db_id: scene.id,
        internal_name_id: 'restorevr-1',
        match_type: 5,
        external_source: 'stashdb scene',
        external_id: 'uuid-1',
      },
      {
        internal_table: 'actors',
        internal_db_id: jane.id,
        internal_name_id: 'Jane Doe',
        match_type: 90,
        external_source: 'stashdb scene',
        external_id: 'uuid-1',
      },
      {
        internal_table: 'sites',
        internal_db_id: 0,
        internal_name_id: 'restorevr',
        match_type: 0,
        external_source: 'stashdb scene',
        external_id: 'uuid-1',
      },
      {
        internal_table: 'scenes',
        internal_db_id: 0,
        internal_name_id: 'deleted',
        match_type: -1,
        external_source: 'stashdb scene',
        external_id: 'uuid-1',
      },
    ]);
  });

  it('merges the options, keeps the password hash, and stores the cuepoint vocabulary and collector config', async () => {
    const options = app.options.get();
    expect(options.web.sceneWatched).toBe(true);
    expect(options.web.isAvailOpacity).toBe(60);
    // The invalid group kept its values, and the report says why.
    expect(options.cron.rescrapeSchedule.hourInterval).toBe(12);
    expect(run.tally.rejected()).toContainEqual({
      section: 'config',
      key: 'config.cron',
      reason: expect.stringContaining('cron.rescrapeSchedule.hourInterval') as unknown,
    });
    expect(options.web.sceneHidden).toBe(true);
    expect(options.interfaces.deovr).toMatchObject({ password: HASH, username: 'me' });
    const kv = await db()
      .selectFrom('kv')
      .select(['key', 'value'])
      .where('key', 'in', ['cuepoints', 'collector:restorevr-scraper', 'state'])
      .orderBy('key')
      .execute();
    expect(kv.map((row) => [row.key, JSON.parse(row.value) as unknown])).toEqual([
      [
        'collector:restorevr-scraper',
        { headers: [{ key: 'X-A', value: '1' }], cookies: null, body: '', other: null },
      ],
      ['cuepoints', { positions: ['standing'], actions: ['kiss'] }],
    ]);
  });
});
