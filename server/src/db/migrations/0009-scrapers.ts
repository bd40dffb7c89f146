import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/*
 * Scrapers (issue 17). `sites` rows are filled from the scraper definitions: each gains the studio, the domain
 * single-scene URLs are recognised by, the definition that describes it, the reason a shipped site is disabled,
 * and whether a loaded definition still describes it (`has_scraper`; a site no longer defined keeps its row and
 * its switches). `scrape_runs` records every run of a site for the health column of the Scrapers table.
 *
 * The known-scene lookup and the scene counts per site use idx_scenes_scene_url and idx_scenes_scraper_id of
 * migration 0001, which later migrations kept.
 */

const text = (name: string) => `ALTER TABLE sites ADD COLUMN ${name} TEXT NOT NULL DEFAULT ''`;

const RUN_KINDS = ['full', 'limited', 'single'];
const RUN_STATUSES = ['running', 'ok', 'partial', 'failed', 'blocked', 'zero_results', 'invalid_definition'];
const oneOf = (name: string, values: readonly string[]) =>
  `${name} TEXT NOT NULL CHECK (${name} IN (${values.map((value) => `'${value}'`).join(', ')}))`;
const count = (name: string) => `${name} INTEGER NOT NULL DEFAULT 0 CHECK (${name} >= 0)`;

const STATEMENTS = [
  text('studio'),
  text('domain'),
  text('definition_id'),
  text('disabled_reason'),
  `ALTER TABLE sites ADD COLUMN has_scraper INTEGER NOT NULL DEFAULT 0 CHECK (has_scraper IN (0, 1))`,
  `CREATE TABLE scrape_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site_id TEXT NOT NULL,
  ${oneOf('kind', RUN_KINDS)},
  ${oneOf('status', RUN_STATUSES)},
  started_at TEXT NOT NULL,
  finished_at TEXT,
  ${count('pages_fetched')},
  ${count('scenes_seen')},
  ${count('scenes_new')},
  ${count('scenes_updated')},
  ${count('scenes_rejected')},
  http_statuses TEXT NOT NULL DEFAULT '{}',
  last_error TEXT NOT NULL DEFAULT '',
  last_error_url TEXT NOT NULL DEFAULT '',
  ${count('definition_version')},
  coverage TEXT NOT NULL DEFAULT '[]'
)`,
  `CREATE INDEX idx_scrape_runs_site_id_id ON scrape_runs (site_id, id DESC)`,
  `CREATE INDEX idx_scrape_runs_running ON scrape_runs (id) WHERE status = 'running'`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const scrapers: Migration = { id: '0009-scrapers', up };
