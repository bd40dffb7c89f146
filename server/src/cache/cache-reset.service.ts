import type { CacheResetKind, JobName } from '@fovea/contract';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConflictError } from '../http/http-errors';
import type { Logger } from '../logging/logger';

export interface CacheResetDeps {
  /** The image proxy's cache (the remote images it keeps). */
  images: { clearCache(): Promise<{ removed: number; freedBytes: number }> };
  /** Folders of other derived images below the images folder (heatmap thumbnails): emptied with it. */
  derivedImageDirs: string[];
  previews: {
    dir: string;
    /** Scenes marked as having a clip, whose status is recomputed (from disk) once the clips are gone. */
    sceneIdsWithPreview(): Promise<number[]>;
    refreshScenes(ids: readonly number[]): Promise<unknown>;
  };
  searchIndex: { clear(): Promise<void> };
  queue: {
    enqueue(name: JobName, payload?: unknown): Promise<unknown>;
    hasActive(name: JobName): Promise<boolean>;
  };
  /** Told after a reset: the measured sizes are out of date. */
  onReset: () => void;
  logger: Logger;
}

const REFRESH_BATCH = 500;

/** Everything directly inside a folder, removed; the folder stays. Answers how many entries went. */
async function emptyFolder(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return names.length;
}

/**
 * DELETE /api/options/cache/reset/{kind} (xbvr-wire §1.11). Each cache holds only what Fovea can make again:
 * - images: the remote images the proxy keeps (fetched again when shown) and the heatmap thumbnails;
 * - previews: every preview clip, then the scenes' "has preview" flags are recomputed from disk (preview
 *   generation makes them again); refused while preview generation runs;
 * - searchIndex: the full-text index is emptied and a reindex is queued at once, so quick find recovers by
 *   itself (it finds fewer scenes until the rebuild is done).
 */
export class CacheResetService {
  constructor(private readonly deps: CacheResetDeps) {}

  async reset(kind: CacheResetKind): Promise<void> {
    try {
      if (kind === 'images') await this.resetImages();
      if (kind === 'previews') await this.resetPreviews();
      if (kind === 'searchIndex') await this.resetSearchIndex();
    } finally {
      this.deps.onReset();
    }
  }

  private async resetImages(): Promise<void> {
    const { removed, freedBytes } = await this.deps.images.clearCache();
    for (const dir of this.deps.derivedImageDirs) await emptyFolder(dir);
    this.deps.logger.info({ removed, freedBytes }, 'The images cache was reset');
  }

  private async resetPreviews(): Promise<void> {
    if (await this.deps.queue.hasActive('preview-generate')) {
      throw new ConflictError(
        'Preview generation is running: cancel it or let it finish, then reset previews.',
      );
    }
    const { previews } = this.deps;
    const removed = await emptyFolder(previews.dir);
    const ids = await previews.sceneIdsWithPreview();
    for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
      await previews.refreshScenes(ids.slice(i, i + REFRESH_BATCH));
    }
    this.deps.logger.info({ removed, scenes: ids.length }, 'The previews cache was reset');
  }

  private async resetSearchIndex(): Promise<void> {
    await this.deps.searchIndex.clear();
    await this.deps.queue.enqueue('search-index');
    this.deps.logger.info('The search index was emptied; a reindex has started');
  }
}
