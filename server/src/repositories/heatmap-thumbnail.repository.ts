import type { File } from '@fovea/contract';
import type { Database } from '../db/schema';
import { toFile } from '../mappers/scene-parts.mapper';
import { inIds } from './sql-lists';

/** The reads and the one write of the heatmap thumbnails (/imghm). */
export class HeatmapThumbnailRepository {
  constructor(private readonly db: Database) {}

  /** The scene's script files (any order), or null when there is no such scene. */
  async sceneScripts(sceneId: number): Promise<File[] | null> {
    const scene = await this.db
      .selectFrom('scenes')
      .select('id')
      .where('id', '=', sceneId)
      .executeTakeFirst();
    if (!scene) return null;
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('scene_id', '=', sceneId)
      .where('type', '=', 'script')
      .execute();
    return rows.map(toFile);
  }

  /** Clears refresh_heatmap_cache of these files (one statement). */
  async clearRefresh(fileIds: readonly number[]): Promise<void> {
    if (fileIds.length === 0) return;
    await this.db
      .updateTable('files')
      .set({ refresh_heatmap_cache: 0, updated_at: new Date().toISOString() })
      .where(inIds('id', fileIds))
      .where('refresh_heatmap_cache', '=', 1)
      .execute();
  }
}
