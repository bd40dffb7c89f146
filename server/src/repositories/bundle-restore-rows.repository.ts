import type { Insertable } from 'kysely';
import type { DB, Database } from '../db/schema';
import { statementChunks } from './bulk-insert.repository';

/** Rows per INSERT: one statement (and one compile of the table's triggers) for many rows. */
const ROWS_PER_STATEMENT = 500;

type RestoreTable =
  'scenes' | 'actors' | 'files' | 'scene_cuepoints' | 'histories' | 'scene_edits' | 'actor_edits';

/**
 * Inserts rows of one table in multi-row statements, in order: consecutive rows that carry the same columns go
 * together (under SQLite's parameter limit), so a batch costs a few statements instead of one per row.
 */
export async function insertRows<T extends RestoreTable>(
  db: Database,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  for (const chunk of statementChunks(rows, ROWS_PER_STATEMENT)) {
    await db.insertInto(table).values(chunk).execute();
  }
}
