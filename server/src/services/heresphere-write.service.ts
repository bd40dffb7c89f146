import { randomUUID } from 'node:crypto';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import type { File } from '@fovea/contract';
import { ConflictError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { HeresphereWritePlan } from '../players/heresphere/heresphere-write-plan';
import type { FileListRepository } from '../repositories/file-list.repository';
import type { HeresphereRepository, HeresphereTx } from '../repositories/heresphere.repository';
import type { NamedRow } from '../repositories/scene-write.repository';
import type { FileDeleteService } from './file-delete.service';
import type { SceneStatusService } from './scene-status.service';

export interface HeresphereWriteDeps {
  repo: HeresphereRepository;
  files: Pick<FileListRepository, 'withVolume'>;
  remover: Pick<FileDeleteService, 'delete'>;
  status: SceneStatusService;
  logger: Logger;
}

/** The scene a plan is applied to: its ids and its files (videos in the players' sort order). */
export interface WriteTarget {
  id: number;
  scene_id: string;
  videos: readonly File[];
  files: readonly File[];
}

const TAG_GROUP_PREFIX = 'tag group:';

/**
 * Applies HereSphere write-back (HeresphereWritePlan) to a scene. The database changes of one request go in
 * one transaction with the scene's status refresh: flags and rating, the tags (journalled as a manual edit,
 * so scrapes keep them, and recounted), the cuepoints, and the row of an HSP file written beside the first
 * video beforehand. File deletions follow, one file at a time (each removed from disk, then its row). Updates
 * of one scene run one after another; different scenes run side by side. No state outlives a request except
 * the per-scene queue.
 */
export class HeresphereWriteService {
  private readonly queues = new Map<number, Promise<void>>();

  constructor(private readonly deps: HeresphereWriteDeps) {}

  apply(target: WriteTarget, plan: HeresphereWritePlan): Promise<void> {
    return this.serial(target.id, () => this.applyNow(target, plan));
  }

  /** Deletes one file (/heresphere/file/{id} with deleteFile), after the updates of its scene. */
  deleteFile(fileId: number, sceneId: number): Promise<void> {
    return this.serial(sceneId, async () => {
      await this.deps.remover.delete(fileId);
    });
  }

  private async serial(sceneId: number, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(sceneId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(sceneId, tail);
    try {
      await run;
    } finally {
      if (this.queues.get(sceneId) === tail) this.queues.delete(sceneId);
    }
  }

  private async applyNow(target: WriteTarget, plan: HeresphereWritePlan): Promise<void> {
    const hsp = plan.hsp ? await this.writeHsp(target, plan.hsp) : undefined;
    await this.deps.repo.transaction(async (tx) => {
      if (!(await tx.scenes.row(target.id))) return;
      const values = {
        ...(plan.rating === undefined ? {} : { star_rating: plan.rating }),
        ...(plan.favourite === undefined ? {} : { favourite: plan.favourite ? 1 : 0 }),
        ...(plan.watchlist === undefined ? {} : { watchlist: plan.watchlist ? 1 : 0 }),
        ...(plan.trailerlist === undefined ? {} : { trailerlist: plan.trailerlist ? 1 : 0 }),
      };
      const tagsChanged = plan.tags ? await this.replaceTags(tx, target, plan.tags) : false;
      if (Object.keys(values).length > 0 || tagsChanged) {
        await tx.scenes.update(target.id, { ...values, ...(tagsChanged ? { edits_applied: 1 } : {}) });
      }
      if (plan.cuepoints) {
        await tx.heresphere.deleteCuepoints(target.id, plan.cuepoints.keepSimple);
        await tx.heresphere.insertCuepoints(target.id, plan.cuepoints.hsp);
      }
      if (hsp) await tx.heresphere.saveHspFile({ ...hsp, scene_id: target.id });
      await this.deps.status.refreshScenes([target.id], tx.status);
    });
    if (plan.deleteFiles) {
      for (const file of target.files) await this.deps.remover.delete(file.id);
    }
  }

  /** Makes the scene's plain tags exactly `names` (tag groups untouched); journals and recounts the change. */
  private async replaceTags(
    tx: HeresphereTx,
    target: WriteTarget,
    names: readonly string[],
  ): Promise<boolean> {
    const wanted = await tx.scenes.tagsNamed(names.filter((name) => !name.startsWith(TAG_GROUP_PREFIX)));
    const current = (await tx.scenes.tagsOf(target.id)).filter((row) => !row.is_group);
    const currentIds = new Set(current.map((row) => row.id));
    const wantedIds = new Set(wanted.filter((row) => !row.is_group).map((row) => row.id));
    const added = dedupe(wanted.filter((row) => !row.is_group && !currentIds.has(row.id)));
    const removed = current.filter((row) => !wantedIds.has(row.id));
    if (added.length === 0 && removed.length === 0) return false;
    await tx.scenes.removeTags(
      target.id,
      removed.map((row) => row.id),
    );
    await tx.scenes.addTags(
      target.id,
      added.map((row) => row.id),
    );
    await tx.journal.record(target.scene_id, [
      ...added.map((row) => ({ changed_column: 'tags' as const, new_value: `+${row.name}` })),
      ...removed.map((row) => ({ changed_column: 'tags' as const, new_value: `-${row.name}` })),
    ]);
    await tx.counts.refreshTagCounts([...added, ...removed].map((row) => row.id));
    return true;
  }

  /**
   * Writes `<first video's basename>.hsp` beside the first video (a temporary name, then renamed). The path
   * comes from the database only; the video must be on a local volume that is there.
   */
  private async writeHsp(target: WriteTarget, bytes: Buffer) {
    const video = target.videos[0];
    const found = video ? await this.deps.files.withVolume(video.id) : undefined;
    if (!found || found.volume.type !== 'local') {
      throw new ConflictError('The HSP data cannot be saved: the scene has no video file on a local folder');
    }
    const { file, volume } = found;
    if (!(await isFolder(volume.path)) || !(await isFolder(file.path))) {
      throw new ConflictError(`The HSP data cannot be saved: the folder ${file.path} is not available`);
    }
    const filename = `${parse(file.filename).name}.hsp`;
    const full = join(file.path, filename);
    const temporary = join(file.path, `.${filename}.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, full);
    } catch (error) {
      await rm(temporary, { force: true });
      this.deps.logger.warn({ err: error, file: full }, 'an HSP file could not be written');
      throw new ConflictError(`The HSP data could not be saved to ${full}`);
    }
    return {
      volume_id: volume.id,
      path: file.path,
      filename,
      size: bytes.length,
      at: new Date().toISOString(),
    };
  }
}

function dedupe(rows: readonly NamedRow[]): NamedRow[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
