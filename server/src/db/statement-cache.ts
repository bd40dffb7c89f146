import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const DEFAULT_CAPACITY = 500;

/**
 * The better-sqlite3 handle as Kysely sees it, with prepared statements kept and reused by SQL text.
 * Kysely prepares every query it runs; preparing costs as much as running a small query, and the app's SQL
 * is a fixed set of texts (lists go in as one JSON parameter), so nearly every query is a cache hit. The
 * least recently used statement is dropped beyond `capacity`. SQLite re-prepares a kept statement itself
 * when the schema changes. (Kysely never streams here, so a kept statement is never in use twice at once.)
 */
export class StatementCachingDatabase implements SqliteDatabase {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  prepare(sql: string): SqliteStatement {
    const kept = this.statements.get(sql);
    if (kept) {
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return kept;
    }
    const statement = this.sqlite.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }

  /** How many statements are kept. */
  get size(): number {
    return this.statements.size;
  }

  /** Drops every kept statement (the next use of each SQL text prepares it again). */
  clear(): void {
    this.statements.clear();
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }
}
