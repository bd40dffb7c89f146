import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/**
 * Keeps the FTS5 table `scene_search` in step with the scenes by triggers, so every write (whoever makes it)
 * reindexes the scenes it touches in its own transaction. One view builds a scene's document; the triggers
 * and the reindex job both copy from it.
 *
 * Document columns: title; cast = the names (aka groups left out), then the names that have spaces written
 * without them, so "Jane Doe" and "JaneDoe" both match; site; description = synopsis; scene_code = scene_id;
 * filenames = each file's path followed by its name, then the filenames_arr entries.
 */
const DOCUMENT_VIEW = `CREATE VIEW scene_search_documents AS
SELECT
  s.id AS id,
  s.title AS title,
  (SELECT trim(
       coalesce(group_concat(a.name, ', ' ORDER BY a.name), '') || ' ' ||
       coalesce(group_concat(CASE WHEN instr(a.name, ' ') > 0 THEN replace(a.name, ' ', '') END, ' '
         ORDER BY a.name), ''))
     FROM scene_cast c JOIN actors a ON a.id = c.actor_id
     WHERE c.scene_id = s.id AND a.is_aka_group = 0) AS "cast",
  s.site AS site,
  s.synopsis AS description,
  s.scene_id AS scene_code,
  trim(
    coalesce((SELECT group_concat(f.path || ' ' || f.filename, ' ' ORDER BY f.id)
              FROM files f WHERE f.scene_id = s.id), '') || ' ' ||
    coalesce((SELECT group_concat(j.value, ' ')
              FROM json_each(CASE WHEN json_valid(s.filenames_arr) THEN s.filenames_arr ELSE '[]' END) AS j), '')
  ) AS filenames
FROM scenes s`;

const COLUMNS = 'title, "cast", site, description, scene_code, filenames';

/** Trigger body: rebuilds the documents of the scenes `ids` (an SQL list or subquery) that still exist. */
function reindex(ids: string): string {
  return `DELETE FROM scene_search WHERE rowid IN (${ids});
  INSERT INTO scene_search (rowid, ${COLUMNS})
    SELECT id, ${COLUMNS} FROM scene_search_documents WHERE id IN (${ids});`;
}

/** `old.x IS NOT new.x OR ...`: UPDATE OF fires on every SET of a column, changed or not. */
const changed = (...columns: string[]): string => columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');

/**
 * Cast and files added before their scene (bulk loads that defer foreign keys) have no document to rebuild
 * yet: the scene's own insert builds it once.
 */
const sceneExists = (id: string): string => `EXISTS (SELECT 1 FROM scenes WHERE id = ${id})`;

const TRIGGERS = [
  `CREATE TRIGGER scene_search_scene_insert AFTER INSERT ON scenes BEGIN
  ${reindex('new.id')}
END`,
  `CREATE TRIGGER scene_search_scene_update AFTER UPDATE OF title, site, synopsis, scene_id, filenames_arr ON scenes
WHEN ${changed('title', 'site', 'synopsis', 'scene_id', 'filenames_arr')} BEGIN
  ${reindex('new.id')}
END`,
  `CREATE TRIGGER scene_search_cast_insert AFTER INSERT ON scene_cast WHEN ${sceneExists('new.scene_id')} BEGIN
  ${reindex('new.scene_id')}
END`,
  `CREATE TRIGGER scene_search_cast_delete AFTER DELETE ON scene_cast BEGIN
  ${reindex('old.scene_id')}
END`,
  `CREATE TRIGGER scene_search_cast_update AFTER UPDATE ON scene_cast BEGIN
  ${reindex('old.scene_id, new.scene_id')}
END`,
  `CREATE TRIGGER scene_search_actor_update AFTER UPDATE OF name, is_aka_group ON actors
WHEN ${changed('name', 'is_aka_group')} BEGIN
  ${reindex('SELECT scene_id FROM scene_cast WHERE actor_id = new.id')}
END`,
  `CREATE TRIGGER scene_search_file_insert AFTER INSERT ON files WHEN ${sceneExists('new.scene_id')} BEGIN
  ${reindex('new.scene_id')}
END`,
  `CREATE TRIGGER scene_search_file_delete AFTER DELETE ON files WHEN old.scene_id IS NOT NULL BEGIN
  ${reindex('old.scene_id')}
END`,
  `CREATE TRIGGER scene_search_file_update AFTER UPDATE OF scene_id, filename, path ON files
WHEN ${changed('scene_id', 'filename', 'path')} BEGIN
  ${reindex('old.scene_id, new.scene_id')}
END`,
];

/**
 * Narrow copies of the scene columns the range fields read (duration, released, added): by id, so ranking a
 * broad text match with a range looks them up here rather than in the wide scene rows; and by release date,
 * so a range alone (answered newest first) walks the index in order and stops at the 25th scene.
 */
const FILTER_INDEXES = [
  'CREATE INDEX idx_scenes_search_filters ON scenes (id, duration, release_date, created_at)',
  'CREATE INDEX idx_scenes_search_release ON scenes (release_date, duration, created_at)',
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [DOCUMENT_VIEW, ...TRIGGERS, ...FILTER_INDEXES])
    await sql.raw(statement).execute(db);
  // Backfill: every existing scene gets its document.
  await sql.raw('DELETE FROM scene_search').execute(db);
  await sql
    .raw(`INSERT INTO scene_search (rowid, ${COLUMNS}) SELECT id, ${COLUMNS} FROM scene_search_documents`)
    .execute(db);
}

export const sceneSearchSync: Migration = { id: '0002-scene-search-sync', up };
