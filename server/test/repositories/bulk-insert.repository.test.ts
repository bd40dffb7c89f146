import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import type { DB } from '../../src/db/schema';
import { BulkInsertRepository, statementChunks } from '../../src/repositories/bulk-insert.repository';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
let opened: OpenedDatabase;
/** The same database through a Kysely that counts the INSERT statements it runs. */
let counted: Kysely<DB>;
let inserts = 0;

beforeAll(async () => {
  dir = makeTempDir();
  opened = openDatabase(join(dir, 'fovea.db'));
  await migrateToLatest({ opened, backupDir: join(dir, 'backups') });
  counted = new Kysely<DB>({
    dialect: new SqliteDialect({ database: opened.sqlite }),
    log: (event) => {
      if (event.level === 'query' && event.query.sql.startsWith('insert')) inserts++;
    },
  });
});

beforeEach(async () => {
  inserts = 0;
  for (const table of ['scene_tags', 'tags', 'scene_cast', 'actors', 'scenes'] as const) {
    await opened.db.deleteFrom(table).execute();
  }
});

afterAll(async () => {
  await opened.close();
  removeTempDir(dir);
});

const scenes = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    scene_id: `bulk-${from + i}`,
    title: `Bulk ${from + i}`,
  }));

const countRows = async (table: 'scenes' | 'tags' | 'scene_tags') =>
  Number(
    (
      await opened.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('statementChunks', () => {
  it('cuts at the row limit and where the column set changes', () => {
    const rows = [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4, b: 1 }, { b: 2, a: 5 }, { a: 6, b: undefined }];
    expect(statementChunks(rows, 2).map((chunk) => chunk.length)).toEqual([2, 1, 2, 1]);
  });

  it('keeps a statement under the bound-parameter limit for wide rows', () => {
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, i]));
    const chunks = statementChunks(
      Array.from({ length: 2000 }, () => wide),
      5000,
    );
    expect(chunks.map((chunk) => chunk.length)).toEqual([819, 819, 362]);
  });
});

describe('BulkInsertRepository', () => {
  it('writes every row in statements of at most rowsPerStatement rows, keeping the given ids', async () => {
    const bulk = new BulkInsertRepository(counted, { rowsPerStatement: 100 });
    expect(await bulk.insert('scenes', scenes(1203))).toBe(1203);
    expect(inserts).toBe(13);
    expect(await countRows('scenes')).toBe(1203);
    const last = await opened.db
      .selectFrom('scenes')
      .select(['scene_id', 'title', 'scene_type'])
      .where('id', '=', 1203)
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ scene_id: 'bulk-1203', title: 'Bulk 1203', scene_type: 'VR' });
  });

  it('writes nothing at all when one statement of a transaction fails', async () => {
    const bulk = new BulkInsertRepository(opened.db, { rowsPerStatement: 10 });
    await expect(
      bulk.transaction(async (writer) => {
        await writer.insert('scenes', scenes(50));
        await writer.insert('tags', [{ id: 1, name: 'solo' }]);
        // scene_id 'bulk-5' is taken: the UNIQUE constraint fails the last statement.
        await writer.insert(
          'scenes',
          scenes(1, 5).map((row) => ({ ...row, id: 999 })),
        );
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(await countRows('scenes')).toBe(0);
    expect(await countRows('tags')).toBe(0);
  });

  it('takes rows that reference rows written later in the transaction once foreign keys are deferred', async () => {
    const bulk = new BulkInsertRepository(opened.db);
    const castFirst = (defer: boolean) =>
      bulk.transaction(async (writer) => {
        if (defer) await writer.deferForeignKeys();
        await writer.insert('actors', [{ id: 1, name: 'Jane Doe' }]);
        await writer.insert('scene_cast', [{ scene_id: 1, actor_id: 1 }]);
        await writer.insert('scenes', scenes(1));
      });
    await expect(castFirst(false)).rejects.toThrow(/FOREIGN KEY/);
    await castFirst(true);
    const search = await opened.db
      .selectFrom('scene_search')
      .select(['cast', 'scene_code'])
      .where('rowid', '=', 1)
      .executeTakeFirstOrThrow();
    // The scene's search document was built on its insert, with the cast already there.
    expect(search).toEqual({ cast: 'Jane Doe JaneDoe', scene_code: 'bulk-1' });
  });

  it('skips or replaces rows whose key is taken when asked to', async () => {
    const bulk = new BulkInsertRepository(opened.db);
    await bulk.insert('tags', [
      { id: 1, name: 'solo' },
      { id: 2, name: 'pov' },
    ]);
    expect(
      await bulk.insert(
        'tags',
        [
          { id: 1, name: 'solo again' },
          { id: 3, name: 'blonde' },
        ],
        'ignore',
      ),
    ).toBe(1);
    await bulk.insert('tags', [{ id: 2, name: 'pov renamed' }], 'replace');
    const names = await opened.db.selectFrom('tags').select(['id', 'name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: 1, name: 'solo' },
      { id: 2, name: 'pov renamed' },
      { id: 3, name: 'blonde' },
    ]);
  });
});
