import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/**
 * Version numbers that triggers move whenever a kind of data changes, in the same transaction as the change,
 * so an in-memory copy of that data knows for certain when it is stale (whoever wrote, however):
 * - `scene_status`: a scene is added or removed, or its hidden, available or accessible flag changes (the
 *   scene-list status snapshot);
 * - `actors`: any actor row is added, changed or removed (the cast objects the scene list reuses).
 */
const STATEMENTS = [
  `CREATE TABLE data_versions (name TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`,
  `INSERT INTO data_versions (name, version) VALUES ('scene_status', 0), ('actors', 0)`,
  `CREATE TRIGGER data_version_scene_insert AFTER INSERT ON scenes BEGIN
     UPDATE data_versions SET version = version + 1 WHERE name = 'scene_status'; END`,
  `CREATE TRIGGER data_version_scene_delete AFTER DELETE ON scenes BEGIN
     UPDATE data_versions SET version = version + 1 WHERE name = 'scene_status'; END`,
  `CREATE TRIGGER data_version_scene_status AFTER UPDATE OF id, is_hidden, is_available, is_accessible ON scenes
     WHEN OLD.id IS NOT NEW.id OR OLD.is_hidden IS NOT NEW.is_hidden OR OLD.is_available IS NOT NEW.is_available
       OR OLD.is_accessible IS NOT NEW.is_accessible
     BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'scene_status'; END`,
  `CREATE TRIGGER data_version_actor_insert AFTER INSERT ON actors BEGIN
     UPDATE data_versions SET version = version + 1 WHERE name = 'actors'; END`,
  `CREATE TRIGGER data_version_actor_update AFTER UPDATE ON actors BEGIN
     UPDATE data_versions SET version = version + 1 WHERE name = 'actors'; END`,
  `CREATE TRIGGER data_version_actor_delete AFTER DELETE ON actors BEGIN
     UPDATE data_versions SET version = version + 1 WHERE name = 'actors'; END`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const dataVersions: Migration = { id: '0004-data-versions', up };
