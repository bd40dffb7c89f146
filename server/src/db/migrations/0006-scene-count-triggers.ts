import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/**
 * Triggers keep each scene's cast and cuepoint counts exact in the transaction that changes its cast or
 * cuepoints, whoever writes: the scene list filters on them (Cast N, Has Cuepoints...), so they must never lag
 * behind a write, nor stay stale when a later step fails. (The status refresh computes the same values.)
 */
const castCount = (scene: string) => `UPDATE scenes SET cast_count = (
    SELECT count(*) FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id AND a.is_aka_group = 0
    WHERE sc.scene_id = scenes.id)
  WHERE id IN (${scene})`;

const cuepointCounts = (scene: string) => `UPDATE scenes SET
    cuepoint_count = (SELECT count(*) FROM scene_cuepoints c WHERE c.scene_id = scenes.id),
    hsp_cuepoint_count = (SELECT count(*) FROM scene_cuepoints c WHERE c.scene_id = scenes.id AND c.track IS NOT NULL)
  WHERE id IN (${scene})`;

const STATEMENTS = [
  `CREATE TRIGGER scene_cast_count_insert AFTER INSERT ON scene_cast BEGIN ${castCount('new.scene_id')}; END`,
  `CREATE TRIGGER scene_cast_count_delete AFTER DELETE ON scene_cast BEGIN ${castCount('old.scene_id')}; END`,
  `CREATE TRIGGER scene_cast_count_update AFTER UPDATE ON scene_cast BEGIN
     ${castCount('old.scene_id, new.scene_id')}; END`,
  `CREATE TRIGGER scene_cast_count_actor AFTER UPDATE OF is_aka_group ON actors
     WHEN old.is_aka_group IS NOT new.is_aka_group BEGIN
     ${castCount('SELECT scene_id FROM scene_cast WHERE actor_id = new.id')}; END`,
  `CREATE TRIGGER scene_cuepoint_count_insert AFTER INSERT ON scene_cuepoints BEGIN
     ${cuepointCounts('new.scene_id')}; END`,
  `CREATE TRIGGER scene_cuepoint_count_delete AFTER DELETE ON scene_cuepoints BEGIN
     ${cuepointCounts('old.scene_id')}; END`,
  `CREATE TRIGGER scene_cuepoint_count_update AFTER UPDATE OF scene_id, track ON scene_cuepoints BEGIN
     ${cuepointCounts('old.scene_id, new.scene_id')}; END`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const sceneCountTriggers: Migration = { id: '0006-scene-count-triggers', up };
