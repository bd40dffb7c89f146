import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../../db/schema';

/** Page cache of the export's connection: enough for a page's related rows, small beside the app's. */
const CACHE_KIB = 8 * 1024;

/**
 * The database as it was when a backup began: a read-only connection of its own on the SQLite file, holding
 * one read transaction for the whole export. In WAL mode the app's writer goes on meanwhile; nothing it writes
 * after the first read shows here, so the bundle is one consistent state of the library.
 */
export class ExportSnapshot {
  readonly db: Kysely<DB>;
  private readonly sqlite: BetterSqlite3.Database;
  private open = false;
  private closed = false;

  constructor(databaseFile: string) {
    this.sqlite = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
    try {
      this.sqlite.pragma(`cache_size = ${-CACHE_KIB}`);
    } catch (error) {
      this.sqlite.close();
      throw error;
    }
    this.db = new Kysely<DB>({ dialect: new SqliteDialect({ database: this.sqlite }) });
  }

  /** Starts the read transaction and takes the snapshot now (SQLite takes it at the first read). */
  begin(): void {
    this.sqlite.exec('BEGIN');
    this.open = true;
    this.sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
  }

  /** Ends the read transaction and closes the connection. Safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.open && this.sqlite.inTransaction) this.sqlite.exec('COMMIT');
    this.open = false;
    await this.db.destroy();
    // Kysely closes the handle only if it ever ran a query.
    if (this.sqlite.open) this.sqlite.close();
  }
}
