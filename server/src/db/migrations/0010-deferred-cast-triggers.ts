import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/*
 * The per-row cast triggers (search document, cast count) redo a scene's whole document or count on every
 * cast row, so writing N cast rows of one scene costs N x N: 3,000 names took 8 s, 10,000 minutes. A writer
 * that changes many cast rows of a scene lists the scene in `deferred_cast_scenes` for the length of its
 * statements; the triggers skip the scenes listed there, and the writer rebuilds the document and the count
 * once and removes the entry before it commits (SceneWriteRepository.changeCastInBulk), so no other reader
 * ever sees the table non-empty.
 */

const COLUMNS = 'title, "cast", site, description, scene_code, filenames';

const reindex = (id: string) => `DELETE FROM scene_search WHERE rowid = ${id};
  INSERT INTO scene_search (rowid, ${COLUMNS})
    SELECT id, ${COLUMNS} FROM scene_search_documents WHERE id = ${id};`;

const castCount = (id: string) => `UPDATE scenes SET cast_count = (
    SELECT count(*) FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id AND a.is_aka_group = 0
    WHERE sc.scene_id = scenes.id)
  WHERE id = ${id};`;

const notDeferred = (id: string) =>
  `NOT EXISTS (SELECT 1 FROM deferred_cast_scenes d WHERE d.scene_id = ${id})`;

const STATEMENTS = [
  'CREATE TABLE deferred_cast_scenes (scene_id INTEGER PRIMARY KEY)',
  'DROP TRIGGER scene_search_cast_insert',
  'DROP TRIGGER scene_search_cast_delete',
  'DROP TRIGGER scene_cast_count_insert',
  'DROP TRIGGER scene_cast_count_delete',
  `CREATE TRIGGER scene_search_cast_insert AFTER INSERT ON scene_cast
WHEN EXISTS (SELECT 1 FROM scenes WHERE id = new.scene_id) AND ${notDeferred('new.scene_id')} BEGIN
  ${reindex('new.scene_id')}
END`,
  `CREATE TRIGGER scene_search_cast_delete AFTER DELETE ON scene_cast WHEN ${notDeferred('old.scene_id')} BEGIN
  ${reindex('old.scene_id')}
END`,
  `CREATE TRIGGER scene_cast_count_insert AFTER INSERT ON scene_cast WHEN ${notDeferred('new.scene_id')} BEGIN
  ${castCount('new.scene_id')}
END`,
  `CREATE TRIGGER scene_cast_count_delete AFTER DELETE ON scene_cast WHEN ${notDeferred('old.scene_id')} BEGIN
  ${castCount('old.scene_id')}
END`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const deferredCastTriggers: Migration = { id: '0010-deferred-cast-triggers', up };
