import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logging/logger';
import {
  SCENE_STATUS_COLUMNS,
  type SceneStatusRepository,
  type SceneStatusRow,
  type SceneStatusUpdate,
} from '../repositories/scene-status.repository';

const BATCH = 500;

export interface RefreshReport {
  /** How many scenes were looked at. */
  checked: number;
  /** How many had a status column that was out of date. */
  changed: number;
}

export interface RefreshCallbacks {
  onTotal?(total: number): void;
  onBatch?(checked: number, changed: number): void;
  /** Checked between batches; throw to stop. */
  checkpoint?(): void;
}

/**
 * The one place that recomputes a scene's denormalised status (availability, file counts and size, newest
 * file, watch time, cast and cuepoint counts, preview) from its rows. Every change to files, history, cast or
 * cuepoints calls `refreshScenes`; the scene-refresh job calls `refreshAll`.
 */
export class SceneStatusService {
  constructor(
    private readonly repository: SceneStatusRepository,
    private readonly previewsDir: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Recomputes the status of the given scenes. Pass `within` (a repository bound to the caller's transaction,
   * `new SceneStatusRepository(trx)`) so the status changes in the same transaction as the rows it follows.
   * `actorFacts: false` leaves the cast's scene facts to the caller, who recounts them once for many scenes
   * (a bundle restore).
   */
  async refreshScenes(
    ids: readonly number[],
    within: SceneStatusRepository = this.repository,
    options: { actorFacts?: boolean } = {},
  ): Promise<RefreshReport> {
    const unique = [...new Set(ids)].filter((id) => id > 0);
    if (unique.length === 0) return { checked: 0, changed: 0 };
    let changed = 0;
    for (let i = 0; i < unique.length; i += BATCH) {
      const rows = await within.load({ ids: unique.slice(i, i + BATCH) });
      // A few scenes: look for their own preview files rather than listing the whole folder.
      const previews = this.previewsOf(rows.map((row) => row.scene_id));
      changed += await this.applyChanges(rows, previews, within, options);
    }
    return { checked: unique.length, changed };
  }

  async refreshAll(callbacks: RefreshCallbacks = {}): Promise<RefreshReport> {
    const bounds = await this.repository.idBounds();
    callbacks.onTotal?.(bounds.count);
    const previews = await this.previewIds();
    let checked = 0;
    let changed = 0;
    for (let from = bounds.min; bounds.count > 0 && from <= bounds.max; from += BATCH) {
      callbacks.checkpoint?.();
      const rows = await this.repository.load({ fromId: from, toId: from + BATCH - 1 });
      const batchChanged = await this.applyChanges(rows, previews);
      checked += rows.length;
      changed += batchChanged;
      callbacks.onBatch?.(rows.length, batchChanged);
    }
    return { checked, changed };
  }

  private async applyChanges(
    rows: SceneStatusRow[],
    previews: Set<string>,
    within: SceneStatusRepository = this.repository,
    options: { actorFacts?: boolean } = {},
  ): Promise<number> {
    const updates: SceneStatusUpdate[] = [];
    for (const row of rows) {
      const values: SceneStatusUpdate['values'] = {};
      for (const column of SCENE_STATUS_COLUMNS) {
        if (row.stored[column] !== row.computed[column])
          Object.assign(values, { [column]: row.computed[column] });
      }
      const hasPreview = previews.has(row.scene_id) ? 1 : 0;
      if (row.has_preview !== hasPreview) values.has_preview = hasPreview;
      // A scene the owner now has is no longer wished for.
      if (row.computed.is_available === 1 && row.wishlist === 1) values.wishlist = 0;
      if (Object.keys(values).length > 0) updates.push({ id: row.id, values });
    }
    await within.apply(updates, options);
    return updates.length;
  }

  /**
   * Those of `sceneIds` that have a preview clip. One stat each, synchronously: a few microseconds apiece,
   * where a batch of promises waits its turn in the thread pool (tens of milliseconds per 100 scenes on a busy
   * machine, inside the caller's write transaction).
   */
  private previewsOf(sceneIds: string[]): Set<string> {
    return new Set(sceneIds.filter((sceneId) => existsSync(join(this.previewsDir, `${sceneId}.mp4`))));
  }

  /** scene_ids that have a preview clip (previews/<scene_id>.mp4), read once per full refresh. */
  private async previewIds(): Promise<Set<string>> {
    try {
      const names = await readdir(this.previewsDir);
      return new Set(names.filter((name) => name.endsWith('.mp4')).map((name) => name.slice(0, -4)));
    } catch (error) {
      this.logger.debug({ error: String(error) }, 'no previews folder yet');
      return new Set();
    }
  }
}
