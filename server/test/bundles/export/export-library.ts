import type { Database } from '../../../src/db/schema';
import { extrefFactory } from '../../factories/extref.factory';
import { groupsFactory } from '../../factories/groups.factory';
import { libraryFactory } from '../../factories/library.factory';

/** The ids of the small library the export tests back up. */
export interface ExportLibrary {
  /** Site A (enabled), Site B (disabled), "Mine (Custom SLR)" (enabled, custom); "ghost" names no site. */
  sceneA: number;
  sceneB: number;
  sceneCustom: number;
  sceneNoSite: number;
  alice: number;
  ally: number;
  /** The put.io token of the volume. */
  token: string;
}

/**
 * A small library with one of everything a bundle carries, and the things it must leave out: a tag-group
 * pseudo-tag and an aka pseudo-actor on a scene, a lock and state row in kv, a journal entry of a deleted scene.
 */
export async function seedExportLibrary(db: Database): Promise<ExportLibrary> {
  const lib = libraryFactory(db);
  const refs = extrefFactory(db);
  const groups = groupsFactory(db);
  const token = 'putio-secret-token';

  const volume = await db
    .insertInto('volumes')
    .values({ type: 'putio', path: 'Put.io (owner)', metadata: token, last_scan: null, is_enabled: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const local = await lib.volume({ path: '/videos' });

  await refs.site('sitea', { name: 'Site A', is_enabled: 1, subscribed: 1, matching_params: '{"x":1}' });
  await refs.site('siteb', { name: 'Site B', is_enabled: 0 });
  await refs.site('mine', { name: 'Mine (Custom SLR)', is_enabled: 1 });

  const sceneA = await lib.scene({
    scene_id: 'sitea-1',
    scraper_id: 'sitea',
    site: 'Site A',
    title: 'First "quoted" scene',
    synopsis: 'Line one\nline two, ünïcode ✓',
    release_date: '2024-02-03',
    star_rating: 4.5,
    favourite: 1,
    is_watched: 1,
    chroma_key: '{"hasAlpha":true}',
    images: '[{"url":"https://img/1.jpg","type":"cover"}]',
    is_subscribed: 1,
    created_at: '2024-01-05T06:07:08.000Z',
    updated_at: '2024-01-06T06:07:08.000Z',
  });
  const sceneB = await lib.scene({ scene_id: 'siteb-1', scraper_id: 'siteb', site: 'Site B' });
  const sceneCustom = await lib.scene({ scene_id: 'mine-1', scraper_id: 'mine', site: 'Mine (Custom SLR)' });
  const sceneNoSite = await lib.scene({ scene_id: 'ghost-1', scraper_id: 'ghost', release_date: null });

  await lib.tagScene(sceneA, 'blowjob', 'pov');
  const oral = await groups.tagGroup('Oral', [await lib.tag('blowjob')]);
  await db.insertInto('scene_tags').values({ scene_id: sceneA, tag_id: oral.pseudoId }).execute();

  const alice = await lib.actor('Alice', {
    birth_date: '1990-01-02',
    image_arr: '["https://img/a.jpg"]',
    height: 170,
  });
  const ally = await lib.actor('Ally');
  await lib.cast(sceneA, alice);
  await lib.cast(sceneB, ally);
  const aka = await groups.aka('Alice,Ally', [alice, ally]);
  await lib.cast(sceneA, aka.pseudoId);

  await lib.file({
    volume_id: local,
    scene_id: sceneA,
    path: '/videos/a',
    filename: 'a.mp4',
    video_avg_frame_rate: '30000/1001',
    stereo_mode: 'sbs',
  });
  await lib.file({
    volume_id: local,
    scene_id: sceneA,
    path: '/videos/a',
    filename: 'a.funscript',
    type: 'script',
  });
  await lib.file({ volume_id: local, scene_id: sceneB, path: '/videos/b', filename: 'b.mp4' });
  await lib.file({ volume_id: volume.id, path: '12345', filename: 'loose.mp4', created_time: null });

  await lib.cuepoint(sceneA, null, { name: 'standing', time_start: 5, time_end: null });
  await lib.cuepoint(sceneA, 1, { name: 'Alice', time_start: 1, time_end: 9, rating: 2 });
  await lib.cuepoint(sceneCustom, null, { name: 'sitting', time_start: 3 });
  await lib.history(sceneA, 120);
  await lib.history(sceneNoSite, 30);

  await db
    .insertInto('scene_edits')
    .values([
      { scene_id: 'sitea-1', action_type: 'edit', changed_column: 'title', new_value: 'Mine now' },
      { scene_id: 'sitea-1', action_type: 'edit', changed_column: 'tags', new_value: '+pov' },
      {
        scene_id: 'gone-1',
        action_type: 'edit',
        changed_column: 'synopsis',
        new_value: 'kept for a rescrape',
      },
      { scene_id: 'siteb-1', action_type: 'match', changed_column: 'file', new_value: 'b.mp4' },
    ])
    .execute();
  await db
    .insertInto('actor_edits')
    .values([
      {
        actor_id: alice,
        actor_name: 'Alice',
        action_type: 'edit',
        source: 'edit_actor',
        changed_column: 'height',
        new_value: '170',
        created_at: '2024-03-01T00:00:00.000Z',
      },
      {
        actor_id: alice,
        actor_name: 'Alice',
        action_type: 'setimage',
        source: 'edit_actor',
        changed_column: 'image_url',
        new_value: 'https://img/a.jpg',
        created_at: '2024-03-02T00:00:00.000Z',
      },
      {
        actor_id: null,
        actor_name: 'Zed',
        action_type: 'delete',
        source: 'edit_actor',
        changed_column: 'name',
        new_value: '',
        created_at: '2024-03-03T00:00:00.000Z',
      },
    ])
    .execute();

  const manual = await refs.alternateScene('altsite', 'alt-manual');
  await refs.link(manual, { internal_db_id: sceneA, internal_name_id: 'sitea-1', match_type: 99999 });
  await refs.link(manual, { internal_db_id: sceneB, internal_name_id: 'siteb-1', match_type: 10000 });
  const deleted = await refs.alternateScene('altsite', 'alt-deleted');
  await refs.link(deleted, { internal_db_id: 0, internal_name_id: 'deleted', match_type: -1 });
  const stash = await refs.reference({
    external_source: 'stashdb scene',
    external_id: 'uuid-1',
    external_date: null,
  });
  await refs.link(stash, {
    internal_db_id: sceneA,
    internal_name_id: 'sitea-1',
    match_type: 10,
    udf_datetime1: null,
  });

  await db
    .insertInto('kv')
    .values([
      { key: 'collector:example-scraper', value: '{"headers":[]}' },
      { key: 'lock-scrape', value: 'held' },
      { key: 'state', value: '{}' },
    ])
    .execute();

  return { sceneA, sceneB, sceneCustom, sceneNoSite, alice, ally, token };
}
