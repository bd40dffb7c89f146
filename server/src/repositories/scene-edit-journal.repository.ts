import { sql } from 'kysely';
import type { Database, SceneEditAction } from '../db/schema';

/**
 * Names the scene edit journal uses for edited fields: the wire names of POST /api/scene/edit (as the
 * reference's `actions` table, so content bundles carry over). `cast` and `tags` rows hold "+name" or "-name".
 */
export const SCENE_EDIT_COLUMNS = [
  'title',
  'synopsis',
  'studio',
  'site',
  'scene_url',
  'members_url',
  'release_date_text',
  'cast',
  'tags',
  'filenames_arr',
  'images',
  'cover_url',
  'is_multipart',
  'duration',
] as const;
export type SceneEditColumn = (typeof SCENE_EDIT_COLUMNS)[number];

export interface SceneEditEntry {
  changed_column: SceneEditColumn;
  new_value: string;
}

export interface SceneJournalRow {
  id: number;
  action_type: SceneEditAction;
  changed_column: string;
  new_value: string;
  created_at: string;
}

/**
 * The scene edit journal (`scene_edits`): one row per manual change, keyed by the string scene_id so it
 * outlives a delete and applies again when the scene is scraped back. Scrapers skip the edited columns.
 */
export class SceneEditJournalRepository {
  constructor(private readonly db: Database) {}

  /** Appends entries for one scene, in order, with one statement. */
  async record(
    sceneId: string,
    entries: readonly SceneEditEntry[],
    actionType: SceneEditAction = 'edit',
  ): Promise<void> {
    if (entries.length === 0) return;
    // One JSON parameter whatever the number of entries (an edit may add thousands of tags).
    const rows = JSON.stringify(entries.map((entry) => [entry.changed_column, entry.new_value]));
    await sql`INSERT INTO scene_edits (scene_id, action_type, changed_column, new_value, created_at)
      SELECT ${sceneId}, ${actionType}, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'),
        ${new Date().toISOString()}
      FROM json_each(${rows}) j ORDER BY j.key`.execute(this.db);
  }

  /** The columns the owner has edited on a scene (e.g. "title", "cast"): a scrape must not overwrite them. */
  async editedColumns(sceneId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('scene_edits')
      .select('changed_column')
      .distinct()
      .where('scene_id', '=', sceneId)
      .where('action_type', '=', 'edit')
      .execute();
    return new Set(rows.map((row) => row.changed_column));
  }

  /** Every journal row of a scene, oldest first (for replaying after a scrape). */
  entries(sceneId: string): Promise<SceneJournalRow[]> {
    return this.db
      .selectFrom('scene_edits')
      .select(['id', 'action_type', 'changed_column', 'new_value', 'created_at'])
      .where('scene_id', '=', sceneId)
      .orderBy('id')
      .execute();
  }
}
