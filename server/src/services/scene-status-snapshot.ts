import type { DataVersionRepository } from '../repositories/data-version.repository';
import type { SceneSetRepository } from '../repositories/scene-list/scene-set.repository';
import { EXISTS, statusBucketsOf, type StatusBucket } from '../scene-sets/scene-bitmap';

/** Every scene's status flags by id (EXISTS marks ids that are scenes), how many scenes there are, and per status. */
export interface StatusSnapshot {
  readonly flags: Uint8Array;
  readonly total: number;
  readonly buckets: readonly StatusBucket[];
}

/**
 * The status of every scene in memory (100k scenes: 100 KB), read again only when the `scene_status` data
 * version moves (a trigger moves it when a scene is added or removed or its hidden, available or accessible
 * flag changes), so it is never stale: it is read after the version, and a write between the two only
 * makes the next call read it once more.
 */
export class SceneStatusSnapshots {
  private cached: { version: number; snapshot: Promise<StatusSnapshot> } | null = null;

  constructor(
    private readonly repo: SceneSetRepository,
    private readonly versions: DataVersionRepository,
  ) {}

  async current(): Promise<StatusSnapshot> {
    const version = await this.versions.version('scene_status');
    if (this.cached?.version === version) return this.cached.snapshot;
    const snapshot = this.read();
    this.cached = { version, snapshot };
    snapshot.catch(() => {
      if (this.cached?.snapshot === snapshot) this.cached = null;
    });
    return snapshot;
  }

  private async read(): Promise<StatusSnapshot> {
    const { ids, flags } = await this.repo.statusRows();
    const capacity = ids.reduce((max, id) => Math.max(max, id + 1), 1);
    const packed = new Uint8Array(capacity);
    ids.forEach((id, i) => {
      packed[id] = (flags[i] ?? 0) | EXISTS;
    });
    return { flags: packed, total: ids.length, buckets: statusBucketsOf(null, packed) };
  }
}
