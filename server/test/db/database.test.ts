import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import type { OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

describe('openDatabase on the initial schema', () => {
  let dir: string;
  let opened: OpenedDatabase;

  beforeAll(async () => {
    dir = makeTempDir();
    opened = openDatabase(path.join(dir, 'nested', 'fovea.db'));
    await migrateToLatest({ opened, backupDir: path.join(dir, 'backups') });
  });
  afterAll(async () => {
    await opened.close();
    removeTempDir(dir);
  });

  it('creates the folder and sets WAL, foreign keys, busy timeout, synchronous and the page cache', () => {
    expect(opened.existedBefore).toBe(false);
    expect(fs.existsSync(opened.file)).toBe(true);
    const { sqlite } = opened;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(sqlite.pragma('cache_size', { simple: true })).toBe(-32 * 1024); // 32 MB of page cache
  });

  it('cascades and nulls on scene delete, and drops the search row', async () => {
    const { db } = opened;
    const volume = await db
      .insertInto('volumes')
      .values({ type: 'local', path: '/lib' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scene = await db
      .insertInto('scenes')
      .values({ scene_id: 'test-1', title: 'Test' })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(scene.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const actor = await db
      .insertInto('actors')
      .values({ name: 'A' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('scene_cast').values({ scene_id: scene.id, actor_id: actor.id }).execute();
    await db
      .insertInto('scene_cuepoints')
      .values({ scene_id: scene.id, name: 'kneeling', time_start: 3 })
      .execute();
    await db
      .insertInto('files')
      .values({ volume_id: volume.id, path: '/lib', filename: 'a.mp4', type: 'video', scene_id: scene.id })
      .execute();
    // The search document comes from the triggers of migration 0002, not from the test.
    const search = () => db.selectFrom('scene_search').select('rowid').where('scene_search', 'match', 'test');
    expect(await search().execute()).toEqual([{ rowid: scene.id }]);

    await db.deleteFrom('scenes').where('id', '=', scene.id).execute();

    expect(await db.selectFrom('scene_cast').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('scene_cuepoints').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('files').select(['filename', 'scene_id']).execute()).toEqual([
      { filename: 'a.mp4', scene_id: null },
    ]);
    expect(await search().execute()).toEqual([]);

    await db.deleteFrom('volumes').execute();
    expect(await db.selectFrom('files').selectAll().execute()).toEqual([]);
  });

  it('rejects values outside the CHECK lists', async () => {
    await expect(
      opened.db
        .insertInto('jobs')
        .values({ name: 'x', status: 'bogus' as 'queued' })
        .execute(),
    ).rejects.toThrow(/CHECK constraint/);
  });

  it.each([
    'SELECT id FROM scenes WHERE is_hidden=0 AND is_available=1 AND is_accessible=1 ORDER BY release_date DESC LIMIT 80',
    'SELECT id FROM scenes WHERE is_hidden=0 AND is_available=1 AND is_accessible=1 AND favourite = 1 ORDER BY release_date DESC LIMIT 80',
    'SELECT id FROM scenes WHERE is_hidden=0 ORDER BY title COLLATE NOCASE LIMIT 80 OFFSET 500',
    'SELECT id FROM files WHERE scene_id IS NULL ORDER BY created_time DESC LIMIT 80',
    'SELECT id FROM actors ORDER BY name COLLATE NOCASE LIMIT 80',
  ])('plans with an index and no sort step: %s', (query) => {
    const plan = (opened.sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[])
      .map((row) => row.detail)
      .join('\n');
    expect(plan).toMatch(/USING (COVERING )?INDEX idx_/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
