import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { Database } from '../../src/db/schema';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import { searchClient } from './search-client';

let app: FoveaApp;
let db: Database;
let make: ReturnType<typeof libraryFactory>;
let client: ReturnType<typeof searchClient>;

beforeAll(async () => {
  app = await createTestApp();
  db = app.database.db;
  make = libraryFactory(db);
  client = searchClient(app);
});

afterAll(() => app.close());

/** The indexed document of a scene, straight from the FTS5 table. */
async function doc(id: number) {
  const result = await sql<{
    title: string;
    cast: string;
    site: string;
    description: string;
    scene_code: string;
    filenames: string;
  }>`
    SELECT title, "cast" AS "cast", site, description, scene_code, filenames FROM scene_search WHERE rowid = ${id}`.execute(
    db,
  );
  return result.rows[0];
}

describe('the search index follows every write (triggers)', () => {
  it('indexes a new scene with its title, site, synopsis, scene_id and expected filenames', async () => {
    const id = await make.scene({
      title: 'Fresh Arrival',
      site: 'NewSite',
      synopsis: 'Brand new',
      scene_id: 'new-1',
      filenames_arr: '["fresh_arrival.mp4"]',
    });
    expect(await doc(id)).toEqual({
      title: 'Fresh Arrival',
      cast: '',
      site: 'NewSite',
      description: 'Brand new',
      scene_code: 'new-1',
      filenames: 'fresh_arrival.mp4',
    });
    expect(await client.ids('arrival')).toEqual([id]);
  });

  it('reindexes a scene when its title, site, synopsis, scene_id or filenames_arr change', async () => {
    const id = await make.scene({ title: 'Before Title', filenames_arr: 'not json' });
    expect((await doc(id))?.filenames).toBe('');
    await db
      .updateTable('scenes')
      .set({
        title: 'After Title',
        site: 'AfterSite',
        synopsis: 'After text',
        scene_id: 'after-1',
        filenames_arr: '["after.mp4","after-alt.mp4"]',
      })
      .where('id', '=', id)
      .execute();
    expect(await doc(id)).toMatchObject({
      title: 'After Title',
      site: 'AfterSite',
      description: 'After text',
      scene_code: 'after-1',
      filenames: 'after.mp4 after-alt.mp4',
    });
    expect(await client.ids('title:before')).toEqual([]);
    expect(await client.ids('title:after')).toEqual([id]);
  });

  it('leaves the document alone when other columns change', async () => {
    const id = await make.scene({ title: 'Steady' });
    await sql`UPDATE scene_search SET description = 'marker' WHERE rowid = ${id}`.execute(db);
    await db.updateTable('scenes').set({ star_rating: 4, title: 'Steady' }).where('id', '=', id).execute();
    expect((await doc(id))?.description).toBe('marker');
  });

  it('adds and removes cast names, with and without spaces, in name order', async () => {
    const id = await make.scene({ title: 'Cast change' });
    const zoe = await make.actor('Zoe Quartz');
    const amy = await make.actor('Amy');
    await make.cast(id, zoe);
    await make.cast(id, amy);
    expect((await doc(id))?.cast).toBe('Amy, Zoe Quartz ZoeQuartz');
    expect(await client.ids('cast:zoequartz')).toEqual([id]);
    await db.deleteFrom('scene_cast').where('scene_id', '=', id).where('actor_id', '=', zoe).execute();
    expect((await doc(id))?.cast).toBe('Amy');
    expect(await client.ids('cast:zoequartz')).toEqual([]);
  });

  it('reindexes every scene of an actor who is renamed, made an aka group or deleted', async () => {
    const a = await make.scene({ title: 'Rename A' });
    const b = await make.scene({ title: 'Rename B' });
    const actor = await make.actor('Old Name');
    await make.cast(a, actor);
    await make.cast(b, actor);
    await db.updateTable('actors').set({ name: 'Nova Brightwater' }).where('id', '=', actor).execute();
    expect((await client.ids('cast:"Nova Brightwater"')).sort()).toEqual([a, b].sort());
    expect(await client.ids('cast:OldName')).toEqual([]);

    await db.updateTable('actors').set({ is_aka_group: 1 }).where('id', '=', actor).execute();
    expect(await client.ids('cast:novabrightwater')).toEqual([]);
    await db.updateTable('actors').set({ is_aka_group: 0 }).where('id', '=', actor).execute();
    expect(await client.ids('cast:novabrightwater')).toHaveLength(2);

    await db.deleteFrom('actors').where('id', '=', actor).execute();
    expect(await client.ids('cast:novabrightwater')).toEqual([]);
    expect((await doc(a))?.cast).toBe('');
  });

  it('follows files: matched, renamed, moved, moved to another scene, unmatched and deleted', async () => {
    const volume = await make.volume();
    const first = await make.scene({ title: 'File owner one' });
    const second = await make.scene({ title: 'File owner two' });
    const file = await make.file({
      volume_id: volume,
      scene_id: null,
      path: '/in',
      filename: 'Orchid.Lake.mp4',
    });
    expect(await client.ids('Orchid.Lake.mp4')).toEqual([]);

    await db.updateTable('files').set({ scene_id: first }).where('id', '=', file).execute();
    expect((await doc(first))?.filenames).toBe('/in Orchid.Lake.mp4');
    expect(await client.ids('Orchid.Lake.mp4')).toEqual([first]);

    await db
      .updateTable('files')
      .set({ filename: 'Willow.Creek.mp4', path: '/moved' })
      .where('id', '=', file)
      .execute();
    expect(await client.ids('Orchid.Lake.mp4')).toEqual([]);
    expect(await client.ids('/moved/Willow.Creek.mp4')).toEqual([first]);

    await db.updateTable('files').set({ scene_id: second }).where('id', '=', file).execute();
    expect(await client.ids('Willow.Creek.mp4')).toEqual([second]);
    expect((await doc(first))?.filenames).toBe('');

    await db.updateTable('files').set({ scene_id: null }).where('id', '=', file).execute();
    expect(await client.ids('Willow.Creek.mp4')).toEqual([]);

    const other = await make.file({
      volume_id: volume,
      scene_id: second,
      path: '/in',
      filename: 'Cedar.mp4',
    });
    expect(await client.ids('Cedar.mp4')).toEqual([second]);
    await db.deleteFrom('files').where('id', '=', other).execute();
    expect(await client.ids('Cedar.mp4')).toEqual([]);
  });

  it('drops the document of a deleted scene, its cast and files included', async () => {
    const volume = await make.volume();
    const id = await make.scene({ title: 'Doomed Lantern' });
    await make.cast(id, await make.actor('Doomed Actor'));
    await make.file({ volume_id: volume, scene_id: id, filename: 'doomed.mp4' });
    const before = await client.state();
    await db.deleteFrom('scenes').where('id', '=', id).execute();
    expect(await doc(id)).toBeUndefined();
    expect(await client.ids('lantern')).toEqual([]);
    expect((await client.state()).documentCount).toBe(before.documentCount - 1);
  });

  it('writes nothing to the index when the scene write rolls back', async () => {
    const before = (await client.state()).documentCount;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('scenes').values({ scene_id: 'rolled-back', title: 'Phantom Write' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await client.state()).documentCount).toBe(before);
    expect(await client.ids('phantom')).toEqual([]);
  });

  it('keeps one document per scene', async () => {
    const result = await sql<{ docs: number; scenes: number }>`
      SELECT (SELECT count(*) FROM scene_search) AS docs, (SELECT count(*) FROM scenes) AS scenes`.execute(
      db,
    );
    expect(result.rows[0]?.docs).toBe(result.rows[0]?.scenes);
  });
});
