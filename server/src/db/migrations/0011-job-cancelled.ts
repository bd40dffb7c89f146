import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * A job can end `cancelled` (stopped on request, or because its storage location was removed). SQLite cannot
 * change a CHECK constraint in place, so the table is rebuilt with its rows and indexes. Dropping the old table
 * sets `locks.job_id` to null through its ON DELETE SET NULL; the queue releases every lock at start anyway.
 */
const STATEMENTS = [
  `CREATE TABLE jobs_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  payload TEXT NOT NULL DEFAULT '{}',
  current INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT ${NOW},
  started_at TEXT,
  finished_at TEXT
)`,
  `INSERT INTO jobs_next (id, name, status, payload, current, total, message, error, attempts, created_at,
     started_at, finished_at)
   SELECT id, name, status, payload, current, total, message, error, attempts, created_at, started_at,
     finished_at FROM jobs`,
  `DROP TABLE jobs`,
  `ALTER TABLE jobs_next RENAME TO jobs`,
  `CREATE INDEX idx_jobs_status_id ON jobs (status, id)`,
  `CREATE INDEX idx_jobs_name_id ON jobs (name, id)`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const jobCancelled: Migration = { id: '0011-job-cancelled', up };
