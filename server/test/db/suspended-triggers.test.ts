import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { SUSPENDED_TRIGGERS_KEY, SuspendedTriggers } from '../../src/db/suspended-triggers';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/*
 * A large restore turns the per-row triggers off and recomputes their work once at the end. Whatever is written
 * in between (by the restore or anyone else), the database must end up as if the triggers had run, with the
 * triggers back exactly as the migrations made them; a server stopped in between puts them back at its next start.
 */

let dir: string;
let opened: OpenedDatabase;

const silent = { info: () => undefined };

async function open(): Promise<OpenedDatabase> {
  const db = openDatabase(path.join(dir, 'fovea.db'));
  await migrateToLatest({ opened: db, backupDir: path.join(dir, 'backups'), logger: silent });
  return db;
}

beforeEach(async () => {
  dir = makeTempDir();
  opened = await open();
});

afterEach(async () => {
  await opened.close();
  removeTempDir(dir);
});

const untyped = () => opened.db as unknown as Kysely<unknown>;

async function triggers(): Promise<{ name: string; sql: string }[]> {
  const result = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`.execute(opened.db);
  return result.rows;
}

async function marker(): Promise<string | undefined> {
  const row = await opened.db
    .selectFrom('kv')
    .select('value')
    .where('key', '=', SUSPENDED_TRIGGERS_KEY)
    .executeTakeFirst();
  return row?.value;
}

async function versions(): Promise<Record<string, number>> {
  const rows = await opened.db.selectFrom('data_versions').select(['name', 'version']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.version]));
}

async function searchIds(match: string): Promise<number[]> {
  const result = await sql<{ rowid: number }>`
    SELECT rowid FROM scene_search WHERE scene_search MATCH ${match} ORDER BY rowid`.execute(opened.db);
  return result.rows.map((row) => row.rowid);
}

/** Writes a scene with cast, tags, a file and cuepoints, and renames an older scene, all row by row. */
async function writeLibrary(): Promise<{ fresh: number; older: number }> {
  const make = libraryFactory(opened.db);
  const volume = await make.volume();
  const older = await make.scene({ title: 'Lighthouse Morning', scene_id: 'older-1' });
  const fresh = await make.scene({ title: 'Harbour Evening', scene_id: 'fresh-1' });
  const actor = await make.actor('Mira Voss');
  await make.cast(fresh, actor);
  await make.tagScene(fresh, 'Outdoor');
  await make.file({ volume_id: volume, scene_id: fresh, filename: 'harbour_evening_8k.mp4' });
  await make.cuepoint(fresh, null, { name: 'intro', time_start: 1 });
  await make.cuepoint(fresh, 0, { name: 'scene', time_start: 30 });
  await opened.db.updateTable('scenes').set({ title: 'Lighthouse Night' }).where('id', '=', older).execute();
  return { fresh, older };
}

describe('suspended triggers', () => {
  it('drops the triggers and keeps their definitions; a second suspend changes nothing', async () => {
    const before = await triggers();
    const suspended = new SuspendedTriggers(untyped());
    expect(await suspended.suspend()).toBe(true);
    const during = await triggers();
    const names = during.map((trigger) => trigger.name);
    for (const name of ['scene_search_scene_insert', 'scene_cast_count_insert', 'scenes_random_key'])
      expect(names).not.toContain(name);
    expect(names).toContain('actor_scene_rating_follow');
    const kept = JSON.parse((await marker()) ?? '[]') as { name: string; sql: string }[];
    expect(kept.length).toBe(before.length - during.length);
    expect(await suspended.suspend()).toBe(false);
    expect(await triggers()).toEqual(during);
  });

  it('puts them back as they were and brings the search index, counts, random keys and versions up to date', async () => {
    const before = await triggers();
    const versionsBefore = await versions();
    const suspended = new SuspendedTriggers(untyped());
    await suspended.suspend();
    const { fresh, older } = await writeLibrary();

    // Nothing followed the writes while the triggers were off.
    expect(await searchIds('harbour')).toEqual([]);
    const stale = await opened.db
      .selectFrom('scenes')
      .selectAll()
      .where('id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect([stale.cast_count, stale.cuepoint_count, stale.random_key]).toEqual([0, 0, 0]);

    expect(await suspended.resume()).toBe(true);
    expect(await triggers()).toEqual(before);
    expect(await marker()).toBeUndefined();
    expect(await searchIds('harbour')).toEqual([fresh]);
    expect(await searchIds('"Mira Voss"')).toEqual([fresh]);
    expect(await searchIds('harbour_evening_8k')).toEqual([fresh]);
    expect(await searchIds('night')).toEqual([older]);
    expect(await searchIds('morning')).toEqual([]);
    const row = await opened.db
      .selectFrom('scenes')
      .selectAll()
      .where('id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect([row.cast_count, row.cuepoint_count, row.hsp_cuepoint_count]).toEqual([1, 2, 1]);
    expect(row.random_key).toBeGreaterThan(0);
    const after = await versions();
    for (const [name, version] of Object.entries(versionsBefore))
      expect(after[name]).toBeGreaterThan(version);
    expect(await suspended.resume()).toBe(false);

    // The triggers work again.
    await opened.db.updateTable('scenes').set({ title: 'Harbour Dawn' }).where('id', '=', fresh).execute();
    expect(await searchIds('dawn')).toEqual([fresh]);
  });

  it('a server stopped while they were suspended puts them back and catches up at its next start', async () => {
    const before = await triggers();
    await new SuspendedTriggers(untyped()).suspend();
    const { fresh } = await writeLibrary();
    await opened.close();

    opened = await open();
    expect(await triggers()).toEqual(before);
    expect(await marker()).toBeUndefined();
    expect(await searchIds('harbour')).toEqual([fresh]);
    const row = await opened.db
      .selectFrom('scenes')
      .selectAll()
      .where('id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(row.cast_count).toBe(1);
  });
});
