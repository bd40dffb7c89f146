import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/*
 * Custom sites (issue 21): aggregator studios the owner added. Each becomes a site of the aggregator's
 * scraper definition (`list` is the definition id) on every load of the definitions; its `sites` row follows
 * like any defined site's. `id` is the site id derived from the URL (e.g. `vrhush-slr`); the site's template
 * variables are derived from `url` when the definitions load.
 */
const STATEMENTS = [
  `CREATE TABLE custom_sites (
  id TEXT PRIMARY KEY,
  list TEXT NOT NULL CHECK (list IN ('slr', 'povr', 'vrporn', 'realvr', 'vrphub', 'stashdb')),
  url TEXT NOT NULL,
  name TEXT NOT NULL,
  company TEXT NOT NULL,
  avatar_url TEXT NOT NULL DEFAULT '',
  master_site_id TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT ${NOW},
  updated_at TEXT NOT NULL DEFAULT ${NOW}
)`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const customSites: Migration = { id: '0012-custom-sites', up };
