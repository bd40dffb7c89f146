import type { StorageGoneResponse } from '@fovea/contract';
import { ConflictError, NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { FileScanRepository } from '../repositories/file-scan.repository';
import type { VolumeRepository, VolumeRow } from '../repositories/volume.repository';
import { goneFiles } from '../scanner/gone-files';
import { folderMountState } from '../scanner/volume-mount';
import type { SceneStatusService } from './scene-status.service';

export interface StorageGoneServiceDeps {
  volumes: Pick<VolumeRepository, 'get'>;
  files: FileScanRepository;
  sceneStatus: SceneStatusService;
  events: { publish(topic: 'state.change.optionsStorage', payload: Record<string, never>): void };
  logger: Logger;
}

/**
 * The owner's answer when a rescan held back the rows of more than half of a folder as gone (files.missing_since,
 * see holdsGone): confirm their removal, or keep them. Nothing on disk is ever touched.
 */
export class StorageGoneService {
  constructor(private readonly deps: StorageGoneServiceDeps) {}

  /**
   * POST /api/options/storage/{id}/confirm-gone: removes the held rows whose file is still gone (checked on disk
   * now, on a mounted folder) in one transaction with their scenes' status; a held row whose file is back is
   * released.
   */
  async confirm(id: number): Promise<StorageGoneResponse> {
    const { files, sceneStatus } = this.deps;
    const volume = await this.volume(id);
    const held = await files.heldFiles(id);
    if (held.length === 0) throw nothingHeld(volume);
    const mount = await folderMountState(volume.path);
    if (!mount.mounted) {
      throw new ConflictError(
        `${volume.path} is not mounted (${mount.reason}): its files cannot be checked, so none is removed`,
      );
    }
    const gone = (await goneFiles(volume.path, held)).map((row) => row.id);
    const answer = await files.transaction(async (tx) => {
      const removed = await tx.files.deleteHeld(id, gone);
      const released = await tx.files.release(id);
      await sceneStatus.refreshScenes([...removed.sceneIds, ...released.sceneIds], tx.status);
      return { removed: removed.count, kept: released.count };
    });
    this.deps.logger.info(
      { volumeId: id, path: volume.path, ...answer },
      'the removal of gone files was confirmed in Storage',
    );
    this.changed();
    return answer;
  }

  /** POST /api/options/storage/{id}/keep-gone: the held rows stay and are held no more. */
  async keep(id: number): Promise<StorageGoneResponse> {
    const volume = await this.volume(id);
    const kept = await this.deps.files.transaction(async (tx) => {
      const released = await tx.files.release(id);
      await this.deps.sceneStatus.refreshScenes(released.sceneIds, tx.status);
      return released.count;
    });
    if (kept === 0) throw nothingHeld(volume);
    this.deps.logger.info({ volumeId: id, path: volume.path, kept }, 'gone files were kept in Storage');
    this.changed();
    return { removed: 0, kept };
  }

  private async volume(id: number): Promise<VolumeRow> {
    const volume = await this.deps.volumes.get(id);
    if (volume === undefined) throw new NotFoundError(`No storage location with id ${id}`);
    return volume;
  }

  private changed(): void {
    this.deps.events.publish('state.change.optionsStorage', {});
  }
}

function nothingHeld(volume: VolumeRow): ConflictError {
  return new ConflictError(`No files of ${volume.path} are waiting for confirmation`);
}
