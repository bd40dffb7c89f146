import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { SceneStatusRepository } from '../../../src/repositories/scene-status.repository';
import { extrefFactory } from '../../factories/extref.factory';
import { libraryFactory } from '../../factories/library.factory';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { sceneRow, scraped, writerOf } from './writer-fixture';

/*
 * New scenes get their ids before they are inserted, and their cast and tag links go in first (foreign keys
 * checked at commit), so each scene's insert builds its search document once. What triggers keep true must
 * hold all the same: the search document with the whole cast, cast_count without aka groups, the counts, and
 * ids that never reuse one SQLite gave before.
 */

let app: FoveaApp;
let store: ReturnType<typeof writerOf>;

beforeAll(async () => {
  app = await createTestApp();
  store = writerOf(app);
  await extrefFactory(app.database.db).site('testvr', { name: 'TestVR', subscribed: 1 });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const db = () => app.database.db;

interface Doc {
  id: number;
  title: string;
  cast: string;
  site: string;
  description: string;
  scene_code: string;
  filenames: string;
}

/** The indexed documents of these scenes, and the documents the view builds for them now. */
async function documents(ids: readonly number[]): Promise<{ indexed: Doc[]; built: Doc[] }> {
  const list = JSON.stringify(ids);
  const indexed = await sql<Doc>`SELECT rowid AS id, title, "cast" AS "cast", site, description, scene_code,
      filenames FROM scene_search WHERE rowid IN (SELECT value FROM json_each(${list})) ORDER BY rowid`.execute(
    db(),
  );
  const built = await sql<Doc>`SELECT id, title, "cast" AS "cast", site, description, scene_code, filenames
      FROM scene_search_documents WHERE id IN (SELECT value FROM json_each(${list})) ORDER BY id`.execute(
    db(),
  );
  return { indexed: indexed.rows, built: built.rows };
}

async function idOf(sceneId: string): Promise<number> {
  const row = await sceneRow(app, sceneId);
  if (!row) throw new Error(`${sceneId} not stored`);
  return row.id;
}

describe('new scenes written with their links', () => {
  it('are indexed with their whole cast, aka groups left out, in one batch with scenes already stored', async () => {
    await libraryFactory(db()).actor('aka:Ann Bee,AB');
    await store.writer.writeBatch([scraped('old', { cast: ['Old Timer'] })]);
    const result = await store.writer.writeBatch([
      scraped('old', { cast: ['Old Timer', 'Kim Two'] }),
      scraped('n1', { cast: ['Jane Roe', 'Kim Two', 'aka:Ann Bee,AB'] }),
      scraped('n2', { cast: ['Solo'] }),
      scraped('n3', { cast: [] }),
    ]);
    expect(result).toEqual({
      created: ['testvr-n1', 'testvr-n2', 'testvr-n3'],
      updated: ['testvr-old'],
      unchanged: [],
    });
    const ids = await Promise.all(['testvr-old', 'testvr-n1', 'testvr-n2', 'testvr-n3'].map(idOf));
    const { indexed, built } = await documents(ids);
    expect(indexed).toEqual(built);
    expect(indexed.map((doc) => doc.cast)).toEqual([
      'Kim Two, Old Timer KimTwo OldTimer',
      'Jane Roe, Kim Two JaneRoe KimTwo',
      'Solo',
      '',
    ]);
    const hits = await sql<{
      rowid: number;
    }>`SELECT rowid FROM scene_search WHERE scene_search MATCH '"cast": KimTwo' ORDER BY rowid`.execute(db());
    expect(hits.rows.map((hit) => hit.rowid)).toEqual(ids.slice(0, 2));
  });

  it('store cast_count without aka groups, as the status refresh computes it', async () => {
    const ids = await Promise.all(['testvr-n1', 'testvr-n2', 'testvr-n3'].map(idOf));
    const counts = await db()
      .selectFrom('scenes')
      .select(['id', 'cast_count'])
      .where('id', 'in', ids)
      .execute();
    expect(Object.fromEntries(counts.map((row) => [row.id, row.cast_count]))).toEqual({
      [ids[0] ?? 0]: 2,
      [ids[1] ?? 0]: 1,
      [ids[2] ?? 0]: 0,
    });
    const status = await new SceneStatusRepository(db()).load({ ids });
    for (const row of status) expect(row.stored.cast_count).toBe(row.computed.cast_count);
  });

  it('count their actors and tags', async () => {
    const actors = await db()
      .selectFrom('actors')
      .select(['name', 'count'])
      .where('name', 'in', ['Jane Roe', 'Kim Two', 'Solo', 'Old Timer'])
      .orderBy('name')
      .execute();
    expect(actors).toEqual([
      { name: 'Jane Roe', count: 1 },
      { name: 'Kim Two', count: 2 },
      { name: 'Old Timer', count: 1 },
      { name: 'Solo', count: 1 },
    ]);
    const tag = await db().selectFrom('tags').select('count').where('name', '=', 'blonde').executeTakeFirst();
    expect(tag?.count).toBe(4);
  });

  it('take the ids SQLite would give, never one of a deleted scene', async () => {
    await store.writer.writeBatch([scraped('gone')]);
    const gone = await idOf('testvr-gone');
    await db().deleteFrom('scenes').where('id', '=', gone).execute();
    await store.writer.writeBatch([scraped('after-1', { cast: ['Jane Roe'] }), scraped('after-2')]);
    expect([await idOf('testvr-after-1'), await idOf('testvr-after-2')]).toEqual([gone + 1, gone + 2]);
    const { indexed, built } = await documents([gone + 1, gone + 2]);
    expect(indexed).toEqual(built);
    const next = await db()
      .insertInto('scenes')
      .values({ scene_id: 'by-hand' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(gone + 3);
  });

  it('leave nothing behind when the batch fails after their links went in', async () => {
    await sql`CREATE TEMP TRIGGER fail_late BEFORE INSERT ON scenes WHEN new.title = 'Late Boom'
      BEGIN SELECT RAISE(ABORT, 'late boom'); END`.execute(db());
    try {
      await expect(
        store.writer.writeBatch([
          scraped('f1', { cast: ['Never Cast'] }),
          scraped('f2', { title: 'Late Boom', cast: ['Never Cast'] }),
        ]),
      ).rejects.toThrow(/late boom/);
    } finally {
      await sql`DROP TRIGGER temp.fail_late`.execute(db());
    }
    const orphans = await sql<{ n: number }>`SELECT
        (SELECT count(*) FROM scene_cast WHERE scene_id NOT IN (SELECT id FROM scenes)) +
        (SELECT count(*) FROM scene_tags WHERE scene_id NOT IN (SELECT id FROM scenes)) AS n`.execute(db());
    expect(orphans.rows[0]?.n).toBe(0);
    expect(await sceneRow(app, 'testvr-f1')).toBeUndefined();
    // Foreign keys are checked per statement again once the batch is over.
    await expect(
      db().insertInto('scene_cast').values({ scene_id: 999_999, actor_id: 1 }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
