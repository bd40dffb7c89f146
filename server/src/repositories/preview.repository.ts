import type { Database } from '../db/schema';
import type { FileRow } from '../mappers/scene-parts.mapper';
import { inIds } from './sql-lists';

/** A scene a preview is made for: its numeric id and its public string id (the preview's file name). */
export interface PreviewScene {
  id: number;
  scene_id: string;
}

/** The reads of preview generation (xbvr-facts §8.3): which scenes, and their local video files. */
export class PreviewRepository {
  constructor(private readonly db: Database) {}

  /**
   * Available scenes, newest release first (undated last, then newest row first); only those without a
   * preview when `withoutPreview`.
   */
  async availableScenes(withoutPreview: boolean): Promise<PreviewScene[]> {
    let query = this.db.selectFrom('scenes').select(['id', 'scene_id']).where('is_available', '=', 1);
    if (withoutPreview) query = query.where('has_preview', '=', 0);
    return query
      .orderBy((eb) => eb('release_date', 'is', null))
      .orderBy('release_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Scenes marked as having a preview clip (to be marked again after the clips are deleted). */
  async sceneIdsWithPreview(): Promise<number[]> {
    const rows = await this.db.selectFrom('scenes').select('id').where('has_preview', '=', 1).execute();
    return rows.map((row) => row.id);
  }

  /** The video files of these scenes on available local storage (put.io files cannot be read by ffmpeg). */
  async localVideoFiles(sceneIds: readonly number[]): Promise<FileRow[]> {
    if (sceneIds.length === 0) return [];
    return this.db
      .selectFrom('files')
      .innerJoin('volumes', 'volumes.id', 'files.volume_id')
      .selectAll('files')
      .where('files.type', '=', 'video')
      .where('volumes.type', '=', 'local')
      .where('volumes.is_available', '=', 1)
      .where(inIds('files.scene_id', sceneIds))
      .orderBy('files.id')
      .execute();
  }

  /** The stored scene_id equal to `sceneId`, if there is such a scene. */
  async findSceneId(sceneId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('scenes')
      .select('scene_id')
      .where('scene_id', '=', sceneId)
      .executeTakeFirst();
    return row?.scene_id;
  }
}
