import { CompiledQuery, sql, type Insertable } from 'kysely';
import type { DB, Database } from '../db/schema';

/** Rows per INSERT: one statement for many rows, its JSON kept to a few megabytes. */
const ROWS_PER_STATEMENT = 2_000;

type RestoreTable =
  | 'scenes'
  | 'actors'
  | 'files'
  | 'scene_cuepoints'
  | 'histories'
  | 'scene_edits'
  | 'actor_edits'
  | 'scene_cast'
  | 'scene_tags';

const columnsOf = (row: object): string[] =>
  Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();

/** Consecutive rows that carry the same columns, at most `size` each (a column left out takes its default). */
function groups<R extends object>(rows: readonly R[], size: number): { columns: string[]; rows: R[] }[] {
  const result: { columns: string[]; rows: R[] }[] = [];
  let current: { columns: string[]; rows: R[]; key: string } | null = null;
  for (const row of rows) {
    const columns = columnsOf(row);
    const key = columns.join('\u0000');
    if (current === null || current.key !== key || current.rows.length >= size) {
      current = { columns, rows: [], key };
      result.push(current);
    }
    current.rows.push(row);
  }
  return result.map(({ columns, rows: grouped }) => ({ columns, rows: grouped }));
}

/**
 * Columns from which rows go in with bound values, many rows per statement: for wide rows (scenes, actors, files)
 * that is about 1.5 times quicker than json_extract of each value.
 */
const WIDE_ROW_COLUMNS = 8;

/** Bound values per statement of wide rows (SQLite allows 32,766). */
const VALUES_PER_STATEMENT = 2_000;

/**
 * Inserts rows of one table, in order. Narrow rows (links, journals) go in as few statements as it can: the rows
 * of a statement travel as ONE JSON parameter (an array of value lists) read with json_each, so the statement's
 * text depends only on its columns (prepared once, whatever the row count) and no per-value query building is
 * done. Wide rows go in with their values bound, as many rows per statement as VALUES_PER_STATEMENT allows.
 * `ignoreConflicts` skips rows a unique key already has (link tables).
 */
export async function insertRows<T extends RestoreTable>(
  db: Database,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  options: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  const conflict = options.ignoreConflicts ? ' ON CONFLICT DO NOTHING' : '';
  for (const group of groups(rows, ROWS_PER_STATEMENT)) {
    const record = (row: object) => row as Record<string, unknown>;
    const valuesOf = (row: object) => group.columns.map((column) => record(row)[column] ?? null);
    if (group.columns.length >= WIDE_ROW_COLUMNS) {
      const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / group.columns.length));
      for (let start = 0; start < group.rows.length; start += perStatement) {
        const chunk = group.rows.slice(start, start + perStatement);
        const statement = compileRowsInsert(table, group.columns, chunk.length, conflict);
        await db.executeQuery(CompiledQuery.raw(statement, chunk.flatMap(valuesOf)));
      }
      continue;
    }
    const values = JSON.stringify(group.rows.map(valuesOf));
    const picks = group.columns.map((_, index) => sql.raw(`json_extract(value, '$[${index}]')`));
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(group.columns.map((column) => sql.ref(column)))})
      SELECT ${sql.join(picks)} FROM json_each(${values}) WHERE true ORDER BY key${sql.raw(conflict)}`.execute(
      db,
    );
  }
}

/** `INSERT INTO "table" ("a", "b") VALUES (?, ?), (?, ?)`: column names come from the typed rows, quoted. */
function compileRowsInsert(
  table: string,
  columns: readonly string[],
  rows: number,
  conflict: string,
): string {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const names = columns.map(quote).join(', ');
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${quote(table)} (${names}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}${conflict}`;
}
