import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchIndexRepository } from '../repositories/search-index.repository';

export interface CacheSizes {
  images: number;
  previews: number;
  searchIndex: number;
  /** The images cache's limit in bytes. */
  imagesLimit: number;
}

/** Total bytes of the files below a folder; 0 when it does not exist. */
export async function folderSize(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await stat(join(entry.parentPath, entry.name))).size;
    } catch {
      // Removed while we were counting.
    }
  }
  return total;
}

/** The Cache section's sizes, computed at most every `refreshHours()` hours (walking folders is slow). */
export class CacheSizeService {
  private cached: { sizes: Omit<CacheSizes, 'imagesLimit'>; at: number } | null = null;
  private computing: Promise<Omit<CacheSizes, 'imagesLimit'>> | null = null;
  private generation = 0;

  constructor(
    private readonly folders: { images: string; previews: string },
    private readonly searchIndex: SearchIndexRepository,
    private readonly refreshHours: () => number,
    private readonly imagesLimit: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The sizes. Stale figures are answered at once while fresh ones are computed in the background (walking the
   * folders and measuring the search index take a while on a big library); only the very first call waits.
   */
  async sizes(): Promise<CacheSizes> {
    // The limit is an option: always the current one, whatever the age of the measured figures.
    return { ...(await this.measured()), imagesLimit: this.imagesLimit() };
  }

  private async measured(): Promise<Omit<CacheSizes, 'imagesLimit'>> {
    const fresh = this.cached !== null && this.now() - this.cached.at < this.refreshHours() * 3600_000;
    if (fresh && this.cached) return this.cached.sizes;
    if (!this.computing) {
      const computing = this.compute().finally(() => {
        if (this.computing === computing) this.computing = null;
      });
      this.computing = computing;
    }
    if (this.cached) {
      this.computing.catch(() => undefined);
      return this.cached.sizes;
    }
    return this.computing;
  }

  /** Forget the cached figures (after a cache reset); a measurement already under way is not used either. */
  invalidate(): void {
    this.cached = null;
    this.computing = null;
    this.generation += 1;
  }

  private async compute(): Promise<Omit<CacheSizes, 'imagesLimit'>> {
    const generation = this.generation;
    const [images, previews, searchIndex] = await Promise.all([
      folderSize(this.folders.images),
      folderSize(this.folders.previews),
      this.searchIndex.sizeBytes(),
    ]);
    const sizes = { images, previews, searchIndex };
    if (generation === this.generation) this.cached = { sizes, at: this.now() };
    return sizes;
  }
}
