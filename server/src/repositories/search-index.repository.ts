import { sql } from 'kysely';
import type { Database } from '../db/schema';

/** Facts about the full-text scene search table. */
export class SearchIndexRepository {
  constructor(private readonly db: Database) {}

  /** Bytes the FTS5 table and its shadow tables take in the database file. */
  async sizeBytes(): Promise<number> {
    const result = await sql<{ bytes: number | null }>`
      SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name = 'scene_search' OR name GLOB 'scene_search_*'
    `.execute(this.db);
    return Number(result.rows[0]?.bytes ?? 0);
  }
}
