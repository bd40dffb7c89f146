import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, Database } from '../db/schema';

/** Catalogue tables a bulk load fills (a synthetic library, a bundle restore), in a safe insert order. */
export const CATALOGUE_TABLES = [
  'volumes',
  'sites',
  'scenes',
  'actors',
  'tags',
  'scene_tags',
  'scene_cast',
  'tag_groups',
  'tag_group_tags',
  'akas',
  'actor_akas',
  'files',
  'scene_cuepoints',
  'histories',
  'playlists',
  'external_references',
  'external_reference_links',
] as const satisfies readonly (keyof DB)[];
export type CatalogueTable = (typeof CATALOGUE_TABLES)[number];

export type CatalogueRow<T extends CatalogueTable> = Insertable<DB[T]>;

/**
 * What to do with a row whose key or unique column is already taken: fail (the transaction rolls back), skip the
 * row, or replace the old row (SQLite deletes it first, so its ON DELETE CASCADE children go too).
 */
export type OnConflict = 'fail' | 'ignore' | 'replace';

export interface BulkInsertOptions {
  /** Rows per INSERT statement (default 500); lowered for wide rows to stay under the parameter limit. */
  rowsPerStatement?: number;
}

/** SQLite's bound-parameter limit (SQLITE_MAX_VARIABLE_NUMBER since 3.32). */
const MAX_PARAMETERS = 32_766;
const DEFAULT_ROWS_PER_STATEMENT = 500;

/**
 * Batch inserts into the catalogue tables: multi-row INSERTs of at most `rowsPerStatement` rows (and never more
 * bound parameters than SQLite takes), inside transactions. Rows keep the ids they are given, so relations can
 * be written without reading ids back. Use `transaction()` to make several tables one all-or-nothing unit
 * (a bundle restore); `insert()` alone is one transaction per call.
 */
export class BulkInsertRepository {
  private readonly rowsPerStatement: number;

  constructor(
    private readonly db: Database,
    options: BulkInsertOptions = {},
  ) {
    this.rowsPerStatement = Math.max(1, Math.floor(options.rowsPerStatement ?? DEFAULT_ROWS_PER_STATEMENT));
  }

  /** Runs `work` in one transaction with a writer bound to it: every insert or none. */
  transaction<R>(work: (writer: BulkWriter) => Promise<R>): Promise<R> {
    return this.db.transaction().execute((trx) => work(new BulkWriter(trx, this.rowsPerStatement)));
  }

  /** Inserts the rows of one table in one transaction; returns how many rows were written. */
  insert<T extends CatalogueTable>(
    table: T,
    rows: readonly CatalogueRow<T>[],
    onConflict: OnConflict = 'fail',
  ): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return this.transaction((writer) => writer.insert(table, rows, onConflict));
  }

  /** Refreshes the query planner's statistics after a bulk load. */
  async analyze(): Promise<void> {
    await sql`ANALYZE`.execute(this.db);
  }
}

/** Inserts bound to one open transaction (see BulkInsertRepository.transaction). */
export class BulkWriter {
  constructor(
    private readonly trx: Kysely<DB>,
    private readonly rowsPerStatement: number,
  ) {}

  /**
   * Checks foreign keys at commit instead of per statement, so rows may reference rows written later in the
   * same transaction. A bulk load uses it to write a scene's cast and files before the scene, so the search
   * document (rebuilt by triggers on every insert) is built once per scene rather than once per related row.
   */
  async deferForeignKeys(): Promise<void> {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(this.trx);
  }

  async insert<T extends CatalogueTable>(
    table: T,
    rows: readonly CatalogueRow<T>[],
    onConflict: OnConflict = 'fail',
  ): Promise<number> {
    let written = 0;
    for (const chunk of statementChunks(rows, this.rowsPerStatement)) {
      let query = this.trx.insertInto(table).values(chunk);
      if (onConflict === 'ignore') query = query.orIgnore();
      if (onConflict === 'replace') query = query.orReplace();
      const result = await query.executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return written;
  }
}

/**
 * Splits rows into statements: consecutive rows with the same columns go together (a multi-row INSERT has one
 * column list, and SQLite has no DEFAULT keyword in VALUES), at most `rowsPerStatement` rows and
 * MAX_PARAMETERS bound values each.
 */
export function statementChunks<R extends object>(rows: readonly R[], rowsPerStatement: number): R[][] {
  const chunks: R[][] = [];
  let current: R[] = [];
  let currentKey = '';
  let limit = rowsPerStatement;
  for (const row of rows) {
    const columns = Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined);
    const key = columns.sort().join('\u0000');
    if (current.length > 0 && (key !== currentKey || current.length >= limit)) {
      chunks.push(current);
      current = [];
    }
    if (current.length === 0) {
      currentKey = key;
      limit = Math.max(
        1,
        Math.min(rowsPerStatement, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length))),
      );
    }
    current.push(row);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
