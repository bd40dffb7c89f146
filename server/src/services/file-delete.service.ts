import { rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Scene } from '@fovea/contract';
import { ConflictError, HttpError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { FileRow } from '../mappers/scene-parts.mapper';
import { PutioError, type PutioClient } from '../putio/putio.client';
import type { FileListRepository, FileOnVolume } from '../repositories/file-list.repository';
import type { FileMatchRepository } from '../repositories/file-match.repository';
import { noFile, type FileMatchService } from './file-match.service';
import type { SceneStatusService } from './scene-status.service';

export interface FileDeleteDeps {
  files: FileListRepository;
  match: FileMatchRepository;
  answers: Pick<FileMatchService, 'sceneAnswer'>;
  status: SceneStatusService;
  putio: Pick<PutioClient, 'deleteFile'>;
  heatmapsDir: string;
  logger: Logger;
}

/** Error codes meaning the file is not on disk (any more). */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EBUSY: 'the file is in use',
  EISDIR: 'it is a folder',
  EROFS: 'the volume is read-only',
  EIO: 'the disk could not be read or written',
};

const codeOf = (error: unknown): string =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * DELETE /api/files/file/{id} (xbvr-wire §5.4): removes the file from its volume (the disk, or the put.io
 * account) first, then its row and its heatmap, refreshing the scene's status in the same transaction as the
 * row. When the file cannot be removed the row stays and the answer says why (409 for the disk, 502 for
 * put.io); a file already gone counts as removed. Answers the scene it belonged to (a zero scene if none).
 */
export class FileDeleteService {
  constructor(private readonly deps: FileDeleteDeps) {}

  async delete(fileId: number): Promise<Scene> {
    const found = await this.deps.files.withVolume(fileId);
    if (!found) throw noFile(fileId);
    if (found.volume.type === 'putio') await this.removeFromPutio(found);
    else await this.removeFromDisk(found);
    const sceneId = await this.deps.match.transaction(async (tx) => {
      // Read again: the file may have been matched or unmatched meanwhile.
      const file = await tx.files.file(fileId);
      if (!file) return null;
      await tx.files.deleteFile(fileId);
      await this.deps.status.refreshScenes([file.scene_id ?? 0], tx.status);
      return file.scene_id;
    });
    await this.removeHeatmap(fileId);
    return this.deps.answers.sceneAnswer(sceneId);
  }

  /** Path and name come from the database only. The volume's folder must be there (else it is unmounted). */
  private async removeFromDisk({ file, volume }: FileOnVolume): Promise<void> {
    const full = join(file.path, file.filename);
    if (!(await isFolder(volume.path))) {
      throw new ConflictError(
        `Could not delete ${full} from disk: the volume ${volume.path} is not available`,
      );
    }
    try {
      await unlink(full);
    } catch (error) {
      const code = codeOf(error);
      if (GONE.has(code)) return;
      this.deps.logger.warn({ err: error, file: full }, 'a file could not be deleted from disk');
      throw new ConflictError(
        `Could not delete ${full} from disk: ${REASONS[code] ?? (code || String(error))}`,
      );
    }
  }

  private async removeFromPutio({ file, volume }: FileOnVolume): Promise<void> {
    const putioId = Number(file.path);
    if (!Number.isSafeInteger(putioId) || putioId <= 0) {
      throw new ConflictError(
        `Could not delete ${describe(file)} from put.io: "${file.path}" is not a put.io file id`,
      );
    }
    try {
      await this.deps.putio.deleteFile(volume.metadata, putioId);
    } catch (error) {
      if (error instanceof PutioError && error.status === 404) return;
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(502, `Could not delete ${describe(file)} from put.io: ${reason}`);
    }
  }

  private async removeHeatmap(fileId: number): Promise<void> {
    try {
      await rm(join(this.deps.heatmapsDir, `heatmap-${fileId}.png`), { force: true });
    } catch (error) {
      this.deps.logger.warn({ err: error, fileId }, 'the heatmap of a deleted file could not be removed');
    }
  }
}

const describe = (file: FileRow) => `${file.filename} (put.io file ${file.path})`;
