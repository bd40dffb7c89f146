import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import type { OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { migrations } from '../../src/db/migrations';
import type { Migration } from '../../src/db/migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const TABLES = [
  'volumes',
  'sites',
  'scenes',
  'files',
  'actors',
  'scene_cast',
  'tags',
  'scene_tags',
  'tag_groups',
  'tag_group_tags',
  'akas',
  'actor_akas',
  'scene_cuepoints',
  'histories',
  'playlists',
  'external_references',
  'external_reference_links',
  'scene_edits',
  'actor_edits',
  'kv',
  'jobs',
  'locks',
  'scene_search',
  'migrations',
];

const extraTable: Migration = {
  id: '0099-test-extra',
  up: async (db) => {
    await sql`CREATE TABLE test_extra (id INTEGER PRIMARY KEY)`.execute(db);
  },
};

const failing: Migration = {
  id: '0099-test-failing',
  up: async (db) => {
    await sql`CREATE TABLE half_done (id INTEGER PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO half_done (id) VALUES (1)`.execute(db);
    throw new Error('boom');
  },
};

describe('migrateToLatest', () => {
  let dir: string;
  let file: string;
  let backupDir: string;
  let opened: OpenedDatabase | undefined;

  const open = (): OpenedDatabase => (opened = openDatabase(file));
  const backups = (): string[] => (fs.existsSync(backupDir) ? fs.readdirSync(backupDir) : []);
  const reopen = async (): Promise<OpenedDatabase> => {
    await opened?.close();
    return open();
  };

  beforeEach(() => {
    dir = makeTempDir();
    file = path.join(dir, 'data', 'fovea.db');
    backupDir = path.join(dir, 'backups');
  });
  afterEach(async () => {
    await opened?.close();
    removeTempDir(dir);
  });

  it('creates every table, index and the search trigger on a fresh file, without a backup', async () => {
    const logged: string[] = [];
    const db = open();
    const result = await migrateToLatest({
      opened: db,
      backupDir,
      logger: { info: (_o, m) => logged.push(m) },
    });
    expect(result).toEqual({ applied: migrations.map((m) => m.id), backupFile: null });
    expect(backups()).toEqual([]);
    expect(logged).toEqual(migrations.map(() => 'migration applied'));

    const master = db.sqlite.prepare('SELECT type, name FROM sqlite_master').all() as {
      type: string;
      name: string;
    }[];
    const names = (type: string) => master.filter((row) => row.type === type).map((row) => row.name);
    expect(names('table')).toEqual(expect.arrayContaining(TABLES));
    expect(names('trigger')).toEqual(
      expect.arrayContaining(['scenes_search_delete', 'scenes_random_key', 'links_alternate_insert']),
    );
    const indexes = names('index').filter((name) => name.startsWith('idx_'));
    expect(indexes).toEqual(
      expect.arrayContaining([
        'idx_scenes_default_list',
        'idx_scenes_sort_title',
        'idx_scenes_filter_facts',
        'idx_scenes_favourite',
        'idx_scenes_needs_update',
        'idx_files_type_scene_id',
        'idx_files_unmatched',
        'idx_actors_name',
        'idx_actors_watchlist',
        'idx_external_reference_links_external_source_match_type',
        'idx_jobs_status_id',
      ]),
    );
    expect(indexes.length).toBeGreaterThanOrEqual(70);
  });

  it('is idempotent: a second run applies nothing and makes no backup', async () => {
    await migrateToLatest({ opened: open(), backupDir });
    const again = await migrateToLatest({ opened: await reopen(), backupDir });
    expect(again).toEqual({ applied: [], backupFile: null });
    expect(backups()).toEqual([]);
  });

  it('backs up an existing database once before a pending migration', async () => {
    const first = open();
    await migrateToLatest({ opened: first, backupDir, migrations });
    first.sqlite.prepare(`INSERT INTO tags (name) VALUES ('kept')`).run();

    const result = await migrateToLatest({
      opened: await reopen(),
      backupDir,
      migrations: [...migrations, extraTable],
    });
    expect(result.applied).toEqual(['0099-test-extra']);
    expect(backups()).toHaveLength(1);
    expect(path.basename(result.backupFile ?? '')).toMatch(/^fovea-\d{8}-\d{6}-before-0099-test-extra\.db$/);

    const copy = new BetterSqlite3(result.backupFile ?? '', { readonly: true });
    try {
      expect(copy.prepare('SELECT name FROM tags').all()).toEqual([{ name: 'kept' }]);
      expect(copy.prepare(`SELECT name FROM sqlite_master WHERE name = 'test_extra'`).all()).toEqual([]);
    } finally {
      copy.close();
    }
  });

  it('keeps only the 10 newest backups', async () => {
    await migrateToLatest({ opened: open(), backupDir, migrations });
    fs.mkdirSync(backupDir);
    for (let i = 0; i < 12; i += 1) {
      const old = path.join(backupDir, `fovea-20200101-0000${String(i).padStart(2, '0')}-before-x.db`);
      fs.writeFileSync(old, '');
      fs.utimesSync(old, 1_600_000_000 + i, 1_600_000_000 + i);
    }
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'untouched');

    const result = await migrateToLatest({
      opened: await reopen(),
      backupDir,
      migrations: [...migrations, extraTable],
    });
    const kept = backups().filter((name) => name.startsWith('fovea-'));
    expect(kept).toHaveLength(10);
    expect(kept).toContain(path.basename(result.backupFile ?? ''));
    expect(kept).not.toContain('fovea-20200101-000000-before-x.db');
    expect(backups()).toContain('notes.txt');
  });

  it('rolls a failing migration back entirely and rejects', async () => {
    await migrateToLatest({ opened: open(), backupDir, migrations });
    const second = await reopen();
    await expect(
      migrateToLatest({ opened: second, backupDir, migrations: [...migrations, failing] }),
    ).rejects.toThrow('boom');

    const { sqlite } = second;
    expect(sqlite.prepare(`SELECT name FROM sqlite_master WHERE name = 'half_done'`).all()).toEqual([]);
    expect(sqlite.prepare('SELECT id FROM migrations').all()).toEqual(migrations.map((m) => ({ id: m.id })));
  });

  it('seeds the default saved searches and cuepoint presets', async () => {
    const opened = open();
    await migrateToLatest({ opened, backupDir });
    const { db } = opened;
    const playlists = await db
      .selectFrom('playlists')
      .select(['name', 'playlist_type', 'ordering', 'is_system', 'is_deo_enabled', 'search_params'])
      .orderBy('playlist_type', 'desc')
      .orderBy('ordering')
      .execute();
    expect(
      playlists.map((p) => [p.playlist_type, p.name, p.ordering, p.is_system, p.is_deo_enabled]),
    ).toEqual([
      ['scene', 'Default', -100, 1, 0],
      ['scene', 'Recent', -49, 0, 1],
      ['scene', 'Favourite', -48, 0, 1],
      ['scene', 'Watchlist', -47, 0, 1],
      ['actor', 'Default', -100, 1, 0],
      ['actor', 'Possible Aka', -99, 0, 0],
    ]);
    const params = playlists.map((p) => JSON.parse(p.search_params) as Record<string, unknown>);
    expect(params[0]).toMatchObject({
      dlState: 'available',
      isAvailable: true,
      isWatched: null,
      sort: 'release_desc',
    });
    expect(params[1]).toMatchObject({ sort: 'added_desc', lists: [] });
    expect(params[2]).toMatchObject({ lists: ['favourite'] });
    expect(params[3]).toMatchObject({ lists: ['watchlist'] });
    expect(params[5]).toMatchObject({ dlState: 'any', attributes: ['Possible Aka'], sort: 'name_asc' });

    const kv = await db
      .selectFrom('kv')
      .select('value')
      .where('key', '=', 'cuepoints')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kv.value)).toEqual({
      positions: ['standing', 'sitting', 'laying', 'kneeling'],
      actions: expect.arrayContaining(['handjob', 'revcowgirl', '69', 'facesit']),
    });
  });
});
