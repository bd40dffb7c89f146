import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.types';

/*
 * What the scene list needs to answer every filter and sort from an index at 100k scenes:
 * - one index per sort column, between the hidden flag (always an equality in a page query) and the other
 *   status columns, so a page (even at a deep offset) is read in index order and the availability test
 *   needs no table row;
 * - `random_key`, a random number per scene (set on insert), so the random order is an index walk too;
 * - alternate-source facts kept on the scene by triggers (newest link, script facts of linked alternate
 *   scenes), so "linked to alternate sites" and the script filters and sorts need no join;
 * - the resolution class and frame-rate class of a video file as generated columns, one formula for the
 *   filter list and the filter.
 */

const STATUS = 'is_hidden, is_available, is_accessible';
const FLAG_LISTS = ['favourite', 'watchlist', 'wishlist', 'trailerlist', 'is_scripted', 'is_watched'];
const SORT_COLUMNS: [name: string, expression: string][] = [
  ['release_date', 'release_date'],
  ['added_date', 'added_date'],
  ['title', 'title COLLATE NOCASE'],
  ['total_file_size', 'total_file_size'],
  ['star_rating', 'star_rating'],
  ['total_watch_time', 'total_watch_time'],
  ['last_opened', 'last_opened'],
  ['created_at', 'created_at'],
  ['updated_at', 'updated_at'],
  ['script_published', 'script_published'],
  ['script_published_any', 'script_published_any'],
  ['site', 'site'],
  ['scene_id', 'scene_id'],
  ['random_key', 'random_key'],
  ['alt_src_linked_at', 'alt_src_linked_at'],
];
/** Single-column indexes of 0001 that the sort indexes above replace. */
const REPLACED = [
  'release_date',
  'added_date',
  'title',
  'total_file_size',
  'star_rating',
  'total_watch_time',
  'last_opened',
  'created_at',
  'updated_at',
  'script_published',
  'site',
];

/** Scalar scene columns the list filters test (see repositories/scene-list/*.ts). */
const FACT_COLUMNS = [
  'is_watched',
  'favourite',
  'watchlist',
  'wishlist',
  'is_scripted',
  'trailerlist',
  'has_preview',
  'is_subscribed',
  'star_rating',
  'cast_count',
  'cuepoint_count',
  'hsp_cuepoint_count',
  'video_file_count',
  'script_file_count',
  'hsp_file_count',
  'subtitles_file_count',
  'ai_script',
  'human_script',
  'alt_ai_script',
  'alt_human_script',
  'last_opened',
  'release_date',
  'script_published',
  'alt_script_published',
  'alt_src_linked_at',
  'site',
  'scene_id',
  'chroma_key',
  'cover_url',
];

const RANDOM_KEY = 'abs(random()) % 2147483647';

/** Recomputes the alternate-source columns of the scenes selected by `target` (an SQL condition on id). */
const refreshAlternate = (target: string) => `UPDATE scenes SET
    alt_src_linked_at = (SELECT max(l.udf_datetime1) FROM external_reference_links l
      WHERE l.internal_table = 'scenes' AND l.internal_db_id = scenes.id AND l.match_type <> -1
        AND l.external_source LIKE 'alternate scene %'),
    alt_script_published = (SELECT max(r.udf_datetime1) FROM external_reference_links l
      JOIN external_references r ON r.id = l.external_reference_id
      WHERE l.internal_table = 'scenes' AND l.internal_db_id = scenes.id AND l.match_type <> -1
        AND l.external_source LIKE 'alternate scene %'),
    alt_human_script = COALESCE((SELECT max(r.udf_bool1) FROM external_reference_links l
      JOIN external_references r ON r.id = l.external_reference_id
      WHERE l.internal_table = 'scenes' AND l.internal_db_id = scenes.id AND l.match_type <> -1
        AND l.external_source LIKE 'alternate scene %'), 0),
    alt_ai_script = COALESCE((SELECT max(r.udf_bool2) FROM external_reference_links l
      JOIN external_references r ON r.id = l.external_reference_id
      WHERE l.internal_table = 'scenes' AND l.internal_db_id = scenes.id AND l.match_type <> -1
        AND l.external_source LIKE 'alternate scene %'), 0)
  WHERE ${target}`;

const STATEMENTS = [
  // Scenes: random order and alternate-source facts.
  `ALTER TABLE scenes ADD COLUMN random_key INTEGER NOT NULL DEFAULT 0`,
  `UPDATE scenes SET random_key = ${RANDOM_KEY}`,
  `CREATE TRIGGER scenes_random_key AFTER INSERT ON scenes BEGIN
    UPDATE scenes SET random_key = ${RANDOM_KEY} WHERE id = new.id;
  END`,
  `ALTER TABLE scenes ADD COLUMN alt_src_linked_at TEXT`,
  `ALTER TABLE scenes ADD COLUMN alt_script_published TEXT`,
  `ALTER TABLE scenes ADD COLUMN alt_human_script INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE scenes ADD COLUMN alt_ai_script INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE scenes ADD COLUMN script_published_any TEXT
    GENERATED ALWAYS AS (max(COALESCE(script_published, ''), COALESCE(alt_script_published, ''))) VIRTUAL`,
  refreshAlternate(
    `id IN (SELECT internal_db_id FROM external_reference_links WHERE internal_table = 'scenes')`,
  ),
  `CREATE TRIGGER links_alternate_insert AFTER INSERT ON external_reference_links
    WHEN new.internal_table = 'scenes' BEGIN ${refreshAlternate('id = new.internal_db_id')}; END`,
  `CREATE TRIGGER links_alternate_delete AFTER DELETE ON external_reference_links
    WHEN old.internal_table = 'scenes' BEGIN ${refreshAlternate('id = old.internal_db_id')}; END`,
  `CREATE TRIGGER links_alternate_update AFTER UPDATE ON external_reference_links BEGIN
    ${refreshAlternate(
      `(old.internal_table = 'scenes' AND id = old.internal_db_id) OR (new.internal_table = 'scenes' AND id = new.internal_db_id)`,
    )}; END`,
  `CREATE TRIGGER references_alternate_update AFTER UPDATE OF udf_bool1, udf_bool2, udf_datetime1
    ON external_references BEGIN
    ${refreshAlternate(
      `id IN (SELECT internal_db_id FROM external_reference_links WHERE external_reference_id = new.id AND internal_table = 'scenes')`,
    )}; END`,
  // Scenes: one index per sort, led by the sort column, then the status columns.
  ...REPLACED.map((name) => `DROP INDEX idx_scenes_${name}`),
  ...SORT_COLUMNS.map(
    ([name, expression]) =>
      `CREATE INDEX idx_scenes_sort_${name} ON scenes (is_hidden, ${expression}, is_available, is_accessible)`,
  ),
  // Flag lists: counted from their own small index, and listed in the default order straight from it.
  ...FLAG_LISTS.flatMap((flag) => [
    `DROP INDEX idx_scenes_${flag}`,
    `CREATE INDEX idx_scenes_${flag} ON scenes (${STATUS}, release_date) WHERE ${flag} = 1`,
  ]),
  // Counts: every scalar column a filter tests, behind the status columns, so counting the matches of a
  // filter per status is a walk over this one index without reading scene rows.
  `CREATE INDEX idx_scenes_filter_facts ON scenes (${STATUS}, ${FACT_COLUMNS.join(', ')})`,
  // Files: the resolution and frame-rate classes of the attribute filter, and the volume filter.
  `ALTER TABLE files ADD COLUMN resolution_k INTEGER
    GENERATED ALWAYS AS ((video_width * (CASE WHEN substr(projection, -3) = '_tb' THEN 2 ELSE 1 END) + 500) / 1000) VIRTUAL`,
  `ALTER TABLE files ADD COLUMN fps_class INTEGER
    GENERATED ALWAYS AS (CAST(video_avgfps_val + 0.5 AS INTEGER)) VIRTUAL`,
  `CREATE INDEX idx_files_resolution_k ON files (resolution_k, scene_id)`,
  `CREATE INDEX idx_files_fps_class ON files (fps_class, scene_id)`,
  `CREATE INDEX idx_files_codec ON files (video_codec_name, scene_id)`,
  `CREATE INDEX idx_files_projection ON files (projection, scene_id)`,
  `CREATE INDEX idx_files_volume_scene ON files (volume_id, scene_id)`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const sceneListIndexes: Migration = { id: '0003-scene-list-indexes', up };
