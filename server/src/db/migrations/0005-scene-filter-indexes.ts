import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/**
 * Indexes that let the scene-list filters read the scenes they select as a set of ids (see
 * repositories/scene-list/indexed-tests.ts) instead of testing every scene's facts:
 * - one per denormalised count an attribute tests (cast, cuepoints, files): Cast N, Has Cuepoints...;
 * - a partial index per rare flag an attribute tests: script kinds, alternate-source scripts, previews,
 *   subscriptions;
 * - cuepoint names without case with their scene, so a cuepoint filter's LIKE (case-insensitive) reads a
 *   range of it for "word*" and "exact" patterns, and scans only this narrow index for "*word*" ones;
 * - the file-class indexes of 0003 again with the file type before the scene, so "video files of this codec
 *   (projection)" is read from the index alone (six times faster than looking up each file row for its
 *   type); for the generated resolution and frame-rate classes SQLite still reads the rows.
 */
const FILE_CLASSES: [index: string, column: string][] = [
  ['idx_files_projection', 'projection'],
  ['idx_files_codec', 'video_codec_name'],
  ['idx_files_resolution_k', 'resolution_k'],
  ['idx_files_fps_class', 'fps_class'],
];
const COUNT_COLUMNS = [
  'cast_count',
  'cuepoint_count',
  'hsp_cuepoint_count',
  'video_file_count',
  'script_file_count',
  'hsp_file_count',
  'subtitles_file_count',
];

const FLAG_COLUMNS = [
  'ai_script',
  'human_script',
  'alt_ai_script',
  'alt_human_script',
  'has_preview',
  'is_subscribed',
];

const STATEMENTS = [
  ...COUNT_COLUMNS.map((column) => `CREATE INDEX idx_scenes_${column} ON scenes (${column})`),
  ...FLAG_COLUMNS.map((flag) => `CREATE INDEX idx_scenes_${flag} ON scenes (id) WHERE ${flag} = 1`),
  `CREATE INDEX idx_scenes_alt_script_published ON scenes (alt_script_published)
    WHERE alt_script_published IS NOT NULL`,
  `CREATE INDEX idx_scene_cuepoints_name_nocase ON scene_cuepoints (name COLLATE NOCASE, scene_id)`,
  ...FILE_CLASSES.flatMap(([index, column]) => [
    `DROP INDEX ${index}`,
    `CREATE INDEX ${index} ON files (${column}, type, scene_id)`,
  ]),
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const sceneFilterIndexes: Migration = { id: '0005-scene-filter-indexes', up };
