import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from './schema';
import { ReadWorker } from './read-worker';
import { StatementCachingDatabase } from './statement-cache';

export interface OpenedDatabase {
  db: Kysely<DB>;
  /** The raw handle: pragmas, online backup. Closed by `close()`. */
  sqlite: BetterSqlite3.Database;
  /** The prepared statements Kysely reuses (tests that watch `sqlite.prepare` clear it first). */
  statements: StatementCachingDatabase;
  /** Absolute path of the database file. */
  file: string;
  /** Whether the file was there before this open (a fresh install creates it). */
  existedBefore: boolean;
  /** A second, read-only connection on its own thread, for reads that run beside this thread's. */
  readWorker: ReadWorker;
  /** Destroys Kysely, which closes the SQLite handle, and stops the read worker. Safe to call more than once. */
  close(): Promise<void>;
}

const PAGE_CACHE_KIB = 32 * 1024;

/** Opens (creating if needed) the SQLite file with the pragmas the app relies on. */
export function openDatabase(file: string): OpenedDatabase {
  const absolute = path.resolve(file);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const existedBefore = fs.existsSync(absolute);

  const sqlite = new BetterSqlite3(absolute);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    // 32 MB of page cache (the default is 2 MB): the scene list reads index ranges of tens of thousands of
    // entries per filter, and keeping the hot ones saves a tenth of that (server memory stays under budget).
    sqlite.pragma(`cache_size = ${-PAGE_CACHE_KIB}`);
  } catch (error) {
    sqlite.close();
    throw error;
  }

  const statements = new StatementCachingDatabase(sqlite);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: statements }),
  });
  const readWorker = new ReadWorker(absolute);
  let closing: Promise<void> | undefined;
  return {
    db,
    sqlite,
    statements,
    file: absolute,
    existedBefore,
    readWorker,
    close() {
      closing ??= Promise.all([readWorker.close(), db.destroy()]).then(() => undefined);
      return closing;
    },
  };
}
