import type { Database } from '../db/schema';
import type { FileRow } from '../mappers/scene-parts.mapper';

/** The reads of scene frames: whether a scene exists, and its video files ffmpeg can open. */
export class SceneFrameRepository {
  constructor(private readonly db: Database) {}

  async sceneExists(sceneId: number): Promise<boolean> {
    const row = await this.db.selectFrom('scenes').select('id').where('id', '=', sceneId).executeTakeFirst();
    return row !== undefined;
  }

  /** The scene's video files on available local storage (put.io files cannot be read by ffmpeg). */
  localVideoFiles(sceneId: number): Promise<FileRow[]> {
    return this.db
      .selectFrom('files')
      .innerJoin('volumes', 'volumes.id', 'files.volume_id')
      .selectAll('files')
      .where('files.type', '=', 'video')
      .where('files.scene_id', '=', sceneId)
      .where('volumes.type', '=', 'local')
      .where('volumes.is_available', '=', 1)
      .orderBy('files.id')
      .execute();
  }
}
