import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_VIDEO_EXT,
  FORBIDDEN_VIDEO_EXT,
  VIDEO_CONTAINER_EXT,
  isVideoContainerExt,
  normalizeVideoExt,
  type JobName,
  type StorageAddBody,
  type StorageResponse,
  type StorageUpdateBody,
  type StorageUpdateResponse,
  type StorageVolume,
} from '@fovea/contract';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import { flag, toWireTime } from '../mappers/wire-time';
import { PutioError, type PutioClient } from '../putio/putio.client';
import type { VolumeRepository, VolumeSummaryRow } from '../repositories/volume.repository';
import { videoExtensions } from '../scanner/classify-file';
import type { OptionsService } from './options.service';
import type { SceneStatusService } from './scene-status.service';
import {
  checkFolderPlace,
  checkStorageFolder,
  folderForms,
  isFolderMounted,
  sameFolder,
} from './storage-folder';

export interface StorageServiceDeps {
  volumes: VolumeRepository;
  sceneStatus: SceneStatusService;
  options: OptionsService;
  putio: Pick<PutioClient, 'accountName'>;
  events: { publish(topic: 'state.change.optionsStorage', payload: Record<string, never>): void };
  queue: {
    enqueue(name: JobName, payload?: unknown): Promise<unknown>;
    cancelWhere(name: JobName, matches: (payload: unknown) => boolean): Promise<number>;
  };
  /** The data folder's heatmaps (heatmap-<fileId>.png), removed with the files of a deleted volume. */
  heatmapsDir: string;
  /** Fovea's data folder: never a storage location, nor inside or around one. */
  dataDir: string;
  /** The platform the server runs on, and its system folders (never storage locations). */
  platform: NodeJS.Platform;
  systemFolders: readonly string[];
  logger: Logger;
}

/** The extensions to keep: normalised video containers, each once, in the order given. */
export function cleanVideoExt(list: readonly string[]): string[] {
  const kept = list
    .map(normalizeVideoExt)
    .filter((ext): ext is string => ext !== null && isVideoContainerExt(ext));
  return [...new Set(kept)];
}

function toWireVolume(row: VolumeSummaryRow): StorageVolume {
  return {
    id: row.id,
    type: row.type,
    path: row.path,
    // The put.io token never leaves the server.
    metadata: '',
    last_scan: toWireTime(row.last_scan),
    is_available: flag(row.is_available),
    file_count: Number(row.file_count),
    unmatched_count: Number(row.unmatched_count),
    total_size: Number(row.total_size),
    pending_gone_count: Number(row.held_count),
  };
}

/**
 * Options → Storage: the storage locations (local folders and put.io accounts) with their file counts, the
 * video extensions and hash matching, adding and removing locations. Adding queues a rescan of the new
 * location; adding and removing publish state.change.optionsStorage, which the UI reloads on.
 */
export class StorageService {
  constructor(private readonly deps: StorageServiceDeps) {}

  /** GET /api/options/storage. Local locations are checked for being mounted on every call. */
  async overview(): Promise<StorageResponse> {
    await this.refreshAvailability();
    const rows = await this.deps.volumes.listWithCounts();
    const { storage } = this.deps.options.get();
    return {
      volumes: rows.map(toWireVolume),
      match_ohash: storage.match_ohash,
      video_ext: videoExtInUse(storage.video_ext),
      forbidden_video_ext: [...FORBIDDEN_VIDEO_EXT],
      default_video_ext: [...DEFAULT_VIDEO_EXT],
      known_video_ext: [...VIDEO_CONTAINER_EXT],
    };
  }

  /**
   * PUT /api/options/storage: hash matching and the video extensions (an empty list means the defaults). The
   * body schema refuses an extension that is not a video container, so nothing is saved then.
   */
  async update(body: StorageUpdateBody): Promise<StorageUpdateResponse> {
    const videoExt = cleanVideoExt(body.video_ext);
    const saved = await this.deps.options.update((options) => ({
      ...options,
      storage: { ...options.storage, match_ohash: body.match_ohash, video_ext: videoExt },
    }));
    return { match_ohash: saved.storage.match_ohash, video_ext: videoExtInUse(saved.storage.video_ext) };
  }

  /** POST /api/options/storage: a local folder (400 when unusable, 409 when already there) or a put.io account. */
  async add(body: StorageAddBody): Promise<void> {
    const volumeId =
      body.type === 'local' ? await this.addFolder(body.path) : await this.addPutio(body.token);
    this.changed();
    try {
      await this.deps.queue.enqueue('rescan', { volumeId });
    } catch (error) {
      this.deps.logger.warn(
        { err: error, volumeId },
        'the new storage location could not be queued for a rescan',
      );
    }
  }

  /**
   * DELETE /api/options/storage/{id}: the location and its file rows go in one transaction with the status of
   * the scenes they were matched to. Scenes keep their filenames, so adding the folder again matches again.
   * A rescan that would write into the location (its own, or one of every location) is cancelled first and
   * waited for, so no scan writes rows for a location that is gone.
   */
  async remove(id: number): Promise<void> {
    const { volumes, sceneStatus } = this.deps;
    const volume = await volumes.get(id);
    if (!volume) throw new NotFoundError(`No storage location with id ${id}`);
    const stopped = await this.deps.queue.cancelWhere('rescan', (payload) => scansVolume(payload, id));
    if (stopped > 0) {
      this.deps.logger.info(
        { volumeId: id, path: volume.path, cancelled: stopped },
        'cancelled the rescan of a storage location being removed',
      );
    }
    const heatmaps = await volumes.transaction(async (tx) => {
      if (!(await tx.volumes.get(id))) throw new NotFoundError(`No storage location with id ${id}`);
      const sceneIds = await tx.volumes.matchedSceneIds(id);
      const fileIds = await tx.volumes.heatmapFileIds(id);
      await tx.volumes.deleteWithFiles(id);
      await sceneStatus.refreshScenes(sceneIds, tx.status);
      return fileIds;
    });
    await this.removeHeatmaps(heatmaps);
    this.changed();
  }

  /**
   * A local folder: it must exist and be readable, be neither a system folder nor Fovea's data folder (nor hold
   * it), and not overlap a storage folder already there (also through links).
   */
  private async addFolder(folder: string): Promise<number> {
    const resolved = await checkStorageFolder(folder);
    const locals = (await this.deps.volumes.list()).filter((volume) => volume.type === 'local');
    if (locals.some((volume) => sameFolder(volume.path, resolved))) throw alreadyStored(resolved);
    checkFolderPlace(await folderForms(resolved), {
      platform: this.deps.platform,
      systemFolders: this.deps.systemFolders,
      dataDir: await folderForms(this.deps.dataDir),
      existing: await Promise.all(locals.map((volume) => folderForms(volume.path))),
    });
    const mounted = await isFolderMounted(resolved);
    try {
      return await this.deps.volumes.insert({
        type: 'local',
        path: resolved,
        metadata: '',
        is_available: mounted,
      });
    } catch (error) {
      // Two requests adding the same folder at once: the unique (type, path) index decides.
      if (isUniqueViolation(error)) throw alreadyStored(resolved);
      throw error;
    }
  }

  /** A put.io account, named after its user; adding the same account again replaces its token. */
  private async addPutio(token: string): Promise<number> {
    let username: string;
    try {
      username = await this.deps.putio.accountName(token);
    } catch (error) {
      throw putioProblem(error);
    }
    const path = `Put.io (${username})`;
    const existing = await this.deps.volumes.findByPath('putio', path);
    if (existing) {
      await this.deps.volumes.setMetadata(existing.id, token);
      await this.deps.volumes.setAvailable(existing.id, true);
      return existing.id;
    }
    return this.deps.volumes.insert({ type: 'putio', path, metadata: token, is_available: true });
  }

  /**
   * Re-checks every local location; one whose state changed is saved together with the status of the scenes
   * that have files in it (availability and accessibility), in one transaction per location.
   */
  private async refreshAvailability(): Promise<void> {
    const { volumes, sceneStatus } = this.deps;
    const locals = (await volumes.list()).filter((volume) => volume.type === 'local');
    const mounted = await Promise.all(locals.map((volume) => isFolderMounted(volume.path)));
    for (const [index, volume] of locals.entries()) {
      const available = mounted[index] ?? false;
      if (flag(volume.is_available) === available) continue;
      await volumes.transaction(async (tx) => {
        await tx.volumes.setAvailable(volume.id, available);
        await sceneStatus.refreshScenes(await tx.volumes.matchedSceneIds(volume.id), tx.status);
      });
      this.deps.logger.info(
        { volumeId: volume.id, path: volume.path },
        available ? 'storage location is available again' : 'storage location is not available',
      );
    }
  }

  private async removeHeatmaps(fileIds: readonly number[]): Promise<void> {
    for (const fileId of fileIds) {
      await unlink(join(this.deps.heatmapsDir, `heatmap-${fileId}.png`)).catch(() => undefined);
    }
  }

  private changed(): void {
    this.deps.events.publish('state.change.optionsStorage', {});
  }
}

/** A rescan payload that covers the volume: its own ({volumeId}) or every location ({}). */
function scansVolume(payload: unknown, volumeId: number): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const target = (payload as { volumeId?: unknown }).volumeId;
  return target === undefined || target === volumeId;
}

/** What the scanner takes as videos: the stored containers, or the defaults. */
const videoExtInUse = videoExtensions;

function alreadyStored(folder: string): ConflictError {
  return new ConflictError(`The folder ${folder} is already a storage location`);
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}

/** A put.io failure as the answer to the browser: a refused token is the user's to fix (400); the rest 502. */
function putioProblem(error: unknown): HttpError {
  if (error instanceof PutioError) {
    if (error.isAuthError) return new BadRequestError('put.io refused the token');
    return new HttpError(502, `put.io could not be asked for the account: ${error.message}`);
  }
  return new HttpError(502, 'put.io could not be asked for the account');
}
