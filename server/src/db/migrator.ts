import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { OpenedDatabase } from './database';
import { migrations as allMigrations } from './migrations';
import type { Migration } from './migrations';
import { resumeSuspendedTriggers } from './suspended-triggers';

export interface MigrationLogger {
  info(obj: object, msg: string): void;
}

export interface MigrateOptions {
  opened: OpenedDatabase;
  /** Where the pre-migration copy goes (created if missing). */
  backupDir: string;
  logger?: MigrationLogger;
  /** Defaults to the app's static list; tests pass their own. */
  migrations?: readonly Migration[];
}

export interface MigrateResult {
  /** Ids applied by this call, in order. */
  applied: string[];
  /** The backup written before applying, or null when none was needed. */
  backupFile: string | null;
}

/** Backups kept in `backupDir`; older `fovea-*.db` files are deleted. */
export const BACKUPS_TO_KEEP = 10;
const BACKUP_NAME = /^fovea-.*\.db$/;

/**
 * Brings the schema up to date, after putting back triggers a stopped bulk write left suspended
 * (suspended-triggers.ts). An existing database gets an online backup copy first. Each
 * migration runs in its own transaction with its `migrations` row; the first failure rejects
 * (the caller must refuse to start) and leaves that migration's changes rolled back.
 */
export async function migrateToLatest(options: MigrateOptions): Promise<MigrateResult> {
  const { opened, backupDir, logger } = options;
  const list = options.migrations ?? allMigrations;
  assertOrdered(list);
  // Migrations are written against an untyped database so they outlive today's schema types.
  const db = opened.db as unknown as Kysely<unknown>;

  const hadTables = (await countUserTables(db)) > 0;
  // A restore stopped midway left its suspended triggers in kv: back first, on the schema they were taken from.
  if (hadTables && (await resumeSuspendedTriggers(db)))
    logger?.info({}, 'triggers a stopped restore had suspended were put back and caught up');
  await sql`CREATE TABLE IF NOT EXISTS migrations (id TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)`.execute(
    db,
  );
  const done = new Set(
    (await sql<{ id: string }>`SELECT id FROM migrations`.execute(db)).rows.map((row) => row.id),
  );
  const pending = list.filter((migration) => !done.has(migration.id));
  const first = pending[0];
  if (first === undefined) return { applied: [], backupFile: null };

  let backupFile: string | null = null;
  if (opened.existedBefore && hadTables) {
    backupFile = await backupDatabase(opened, backupDir, first.id);
    logger?.info({ backupFile, pending: pending.map((m) => m.id) }, 'database backed up before migrating');
  }

  const applied: string[] = [];
  for (const migration of pending) {
    const started = Date.now();
    await db.transaction().execute(async (trx) => {
      await migration.up(trx);
      await sql`INSERT INTO migrations (id, applied_at) VALUES (${migration.id}, ${new Date().toISOString()})`.execute(
        trx,
      );
    });
    applied.push(migration.id);
    logger?.info({ migration: migration.id, ms: Date.now() - started }, 'migration applied');
  }
  return { applied, backupFile };
}

async function countUserTables(db: Kysely<unknown>): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
  return result.rows[0]?.n ?? 0;
}

function assertOrdered(list: readonly Migration[]): void {
  const seen = new Set<string>();
  let previous = '';
  for (const { id } of list) {
    if (seen.has(id)) throw new Error(`Duplicate migration id "${id}"`);
    if (id <= previous) throw new Error(`Migration "${id}" is out of order (after "${previous}")`);
    seen.add(id);
    previous = id;
  }
}

/** Writes a consistent copy with SQLite's online backup API, then prunes old copies. */
async function backupDatabase(opened: OpenedDatabase, backupDir: string, beforeId: string): Promise<string> {
  await fs.mkdir(backupDir, { recursive: true });
  const stem = `fovea-${timestamp(new Date())}-before-${beforeId}`;
  let target = path.join(backupDir, `${stem}.db`);
  for (let n = 2; await exists(target); n += 1) target = path.join(backupDir, `${stem}-${n}.db`);
  await opened.sqlite.backup(target);
  await pruneBackups(backupDir);
  return target;
}

/** `YYYYMMDD-HHMMSS` in UTC, so names sort by time. */
function timestamp(date: Date): string {
  const iso = date.toISOString(); // 2024-05-01T10:11:12.345Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

async function pruneBackups(backupDir: string): Promise<void> {
  const names = (await fs.readdir(backupDir)).filter((name) => BACKUP_NAME.test(name));
  const byAge = await Promise.all(
    names.map(async (name) => ({ name, mtime: (await fs.stat(path.join(backupDir, name))).mtimeMs })),
  );
  // Newest first: by modification time, then by name (the name starts with the time).
  byAge.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  for (const { name } of byAge.slice(BACKUPS_TO_KEEP)) {
    const file = path.join(backupDir, name);
    await Promise.all([file, `${file}-wal`, `${file}-shm`].map((f) => fs.rm(f, { force: true })));
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
