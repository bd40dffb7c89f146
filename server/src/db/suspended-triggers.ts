import { sql, type Kysely } from 'kysely';

/** The kv row that says triggers are suspended, holding their definitions. */
export const SUSPENDED_TRIGGERS_KEY = 'suspended-triggers';

interface SuspendableGroup {
  triggers: readonly string[];
  /** Brings what the triggers maintain up to date for every row, whatever was written while they were off. */
  catchUp: readonly string[];
}

const SEARCH_COLUMNS = 'rowid, title, "cast", site, description, scene_code, filenames';
const CAST_COUNT = `(SELECT count(*) FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id AND a.is_aka_group = 0
  WHERE sc.scene_id = scenes.id)`;
const CUEPOINT_COUNT = '(SELECT count(*) FROM scene_cuepoints c WHERE c.scene_id = scenes.id)';
const HSP_CUEPOINT_COUNT =
  '(SELECT count(*) FROM scene_cuepoints c WHERE c.scene_id = scenes.id AND c.track IS NOT NULL)';

/**
 * The per-row triggers a bulk write (a large restore) may turn off: each costs a few microseconds per row (a
 * count trigger recounts its scene's rows on every insert) and the search index's rebuild of a scene's document far
 * more, where recomputing all of it once at the end takes a few seconds for 100,000 scenes.
 */
const SUSPENDABLE: readonly SuspendableGroup[] = [
  {
    triggers: [
      'scene_search_scene_insert',
      'scene_search_scene_update',
      'scenes_search_delete',
      'scene_search_cast_insert',
      'scene_search_cast_delete',
      'scene_search_cast_update',
      'scene_search_actor_update',
      'scene_search_file_insert',
      'scene_search_file_delete',
      'scene_search_file_update',
    ],
    catchUp: [
      'DELETE FROM scene_search',
      `INSERT INTO scene_search (${SEARCH_COLUMNS})
        SELECT id, title, "cast", site, description, scene_code, filenames FROM scene_search_documents`,
    ],
  },
  {
    triggers: ['scene_cast_count_insert', 'scene_cast_count_delete'],
    catchUp: [`UPDATE scenes SET cast_count = ${CAST_COUNT} WHERE cast_count IS NOT ${CAST_COUNT}`],
  },
  {
    triggers: ['scene_cuepoint_count_insert', 'scene_cuepoint_count_delete', 'scene_cuepoint_count_update'],
    catchUp: [
      `UPDATE scenes SET cuepoint_count = ${CUEPOINT_COUNT}, hsp_cuepoint_count = ${HSP_CUEPOINT_COUNT}
        WHERE cuepoint_count IS NOT ${CUEPOINT_COUNT} OR hsp_cuepoint_count IS NOT ${HSP_CUEPOINT_COUNT}`,
    ],
  },
  {
    triggers: ['scenes_random_key'],
    catchUp: ['UPDATE scenes SET random_key = abs(random()) % 2147483647 WHERE random_key = 0'],
  },
  {
    triggers: [
      'data_version_scene_insert',
      'data_version_players_cast_insert',
      'data_version_players_cast_delete',
      'data_version_players_tag_insert',
      'data_version_players_tag_delete',
      'data_version_players_file_insert',
      'data_version_players_file_delete',
      'data_version_players_file',
    ],
    catchUp: ['UPDATE data_versions SET version = version + 1'],
  },
];

interface SuspendedTrigger {
  name: string;
  sql: string;
}

/**
 * Turning the SUSPENDABLE triggers off for a bulk write and back on after it. `suspend` drops them and keeps their
 * definitions in a kv row, in one transaction; `resume` recreates them, recomputes what they maintain for every
 * row and removes the row, in one transaction. A server stopped in between finds the row at its next start and
 * resumes then (`resumeSuspendedTriggers`, before any migration), so the database is never left without them.
 */
export class SuspendedTriggers {
  constructor(private readonly db: Kysely<unknown>) {}

  /** Drops the triggers; answers false (and changes nothing) when they are already suspended. */
  async suspend(): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if ((await storedTriggers(trx)) !== null) return false;
      const names = SUSPENDABLE.flatMap((group) => group.triggers);
      const found = await sql<SuspendedTrigger>`
        SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${sql.join(names)})`.execute(
        trx,
      );
      await sql`INSERT INTO kv (key, value, updated_at) VALUES (${SUSPENDED_TRIGGERS_KEY},
        ${JSON.stringify(found.rows)}, ${new Date().toISOString()})`.execute(trx);
      for (const { name } of found.rows) await sql`DROP TRIGGER ${sql.id(name)}`.execute(trx);
      return true;
    });
  }

  /** Recreates the suspended triggers and catches up; answers false when none were suspended. */
  async resume(): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const stored = await storedTriggers(trx);
      if (stored === null) return false;
      for (const trigger of stored) {
        const exists = await sql<{ n: number }>`
          SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name = ${trigger.name}`.execute(
          trx,
        );
        if ((exists.rows[0]?.n ?? 0) === 0) await sql.raw(trigger.sql).execute(trx);
      }
      const suspended = new Set(stored.map((trigger) => trigger.name));
      for (const group of SUSPENDABLE) {
        if (!group.triggers.some((name) => suspended.has(name))) continue;
        for (const statement of group.catchUp) await sql.raw(statement).execute(trx);
      }
      await sql`DELETE FROM kv WHERE key = ${SUSPENDED_TRIGGERS_KEY}`.execute(trx);
      return true;
    });
  }
}

async function storedTriggers(db: Kysely<unknown>): Promise<SuspendedTrigger[] | null> {
  const row = await sql<{
    value: string;
  }>`SELECT value FROM kv WHERE key = ${SUSPENDED_TRIGGERS_KEY}`.execute(db);
  const value = row.rows[0]?.value;
  if (value === undefined) return null;
  const parsed: unknown = JSON.parse(value);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (item): item is SuspendedTrigger =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as SuspendedTrigger).name === 'string' &&
      typeof (item as SuspendedTrigger).sql === 'string',
  );
}

/**
 * At start: triggers a bulk write left suspended (the server stopped during a restore) are put back and caught
 * up. Answers whether there were any. A database without the kv table (not migrated yet) has none.
 */
export async function resumeSuspendedTriggers(db: Kysely<unknown>): Promise<boolean> {
  const kv = await sql<{ n: number }>`
    SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'kv'`.execute(db);
  if ((kv.rows[0]?.n ?? 0) === 0) return false;
  return new SuspendedTriggers(db).resume();
}
