import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/**
 * One small index per denormalised count the scene-list attributes test (cast, cuepoints, files), so each
 * such attribute is a range of an index that the list reads as a set of scene ids, instead of a pass over
 * every scene's facts.
 */
const COUNT_COLUMNS = [
  'cast_count',
  'cuepoint_count',
  'hsp_cuepoint_count',
  'video_file_count',
  'script_file_count',
  'hsp_file_count',
  'subtitles_file_count',
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COUNT_COLUMNS) {
    await sql.raw(`CREATE INDEX idx_scenes_${column} ON scenes (${column})`).execute(db);
  }
}

export const sceneCountIndexes: Migration = { id: '0005-scene-count-indexes', up };
