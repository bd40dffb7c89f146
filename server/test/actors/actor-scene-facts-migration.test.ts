import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { migrations } from '../../src/db/migrations';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/*
 * Migration 0007 fills the actors' scene facts of an existing library once (average scene rating, latest
 * release, scene added, file added), aka groups over their members' distinct scenes.
 */

let dir = '';
let opened: OpenedDatabase | null = null;

afterEach(async () => {
  await opened?.close();
  opened = null;
  removeTempDir(dir);
});

describe('migration 0007-actor-scene-facts', () => {
  it('fills the scene facts of the actors already there', async () => {
    dir = makeTempDir();
    opened = openDatabase(path.join(dir, 'fovea.db'));
    const before = migrations.filter((migration) => migration.id < '0007');
    await migrateToLatest({ opened, backupDir: path.join(dir, 'backups'), migrations: before });

    const db = opened.db;
    const make = libraryFactory(db);
    const volume = await make.volume();
    const ann = await make.actor('Old Ann');
    const bea = await make.actor('Old Bea');
    const none = await make.actor('Old None');
    const first = await make.scene({
      site: 'Old Site',
      release_date: '2020-02-02',
      added_date: '2021-01-01',
      star_rating: 4,
    });
    const second = await make.scene({
      site: 'Other Site',
      release_date: '2022-02-02',
      added_date: '2020-01-01',
      star_rating: 2,
    });
    await make.scene({ site: 'No Cast Site' });
    await make.file({ volume_id: volume, scene_id: first, created_time: '2023-03-03T00:00:00.000Z' });
    await make.cast(first, ann);
    await make.cast(second, ann);
    await make.cast(second, bea);
    const pseudo = await make.actor('aka:Old Ann,Old Bea', { is_aka_group: 1 });
    const aka = await db
      .insertInto('akas')
      .values({ name: 'Old Ann,Old Bea', aka_actor_id: pseudo })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('actor_akas')
      .values([
        { aka_id: aka.id, actor_id: ann },
        { aka_id: aka.id, actor_id: bea },
      ])
      .execute();

    const applied = await migrateToLatest({ opened, backupDir: path.join(dir, 'backups') });
    expect(applied.applied).toContain('0007-actor-scene-facts');

    const facts = await db
      .selectFrom('actors')
      .select([
        'id',
        'scene_rating_average',
        'latest_release_date',
        'latest_scene_added',
        'latest_file_added',
      ])
      .orderBy('id')
      .execute();
    expect(facts).toEqual([
      {
        id: ann,
        scene_rating_average: 3,
        latest_release_date: '2022-02-02',
        latest_scene_added: '2021-01-01',
        latest_file_added: '2023-03-03T00:00:00.000Z',
      },
      {
        id: bea,
        scene_rating_average: 2,
        latest_release_date: '2022-02-02',
        latest_scene_added: '2020-01-01',
        latest_file_added: null,
      },
      {
        id: none,
        scene_rating_average: null,
        latest_release_date: null,
        latest_scene_added: null,
        latest_file_added: null,
      },
      // The group: the two distinct scenes of its members (the shared one once).
      {
        id: pseudo,
        scene_rating_average: 3,
        latest_release_date: '2022-02-02',
        latest_scene_added: '2021-01-01',
        latest_file_added: '2023-03-03T00:00:00.000Z',
      },
    ]);

    // The (site, actor) pairs of the cast, for the site filter.
    const sites = await db
      .selectFrom('actor_sites')
      .selectAll()
      .orderBy('site')
      .orderBy('actor_id')
      .execute();
    expect(sites).toEqual([
      { site: 'Old Site', actor_id: ann },
      { site: 'Other Site', actor_id: ann },
      { site: 'Other Site', actor_id: bea },
    ]);

    // From now on the triggers follow a rating and a release-date change.
    await db
      .updateTable('scenes')
      .set({ star_rating: 5, release_date: '2024-04-04' })
      .where('id', '=', second)
      .execute();
    const bee = await db
      .selectFrom('actors')
      .select(['scene_rating_average', 'latest_release_date'])
      .where('id', '=', bea)
      .executeTakeFirstOrThrow();
    expect(bee).toEqual({ scene_rating_average: 5, latest_release_date: '2024-04-04' });
  });
});
