import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileType } from '../db/schema';
import type { FileClassifier } from './classify-file';
import { reasonOf, type WalkedFile } from './walk-folder';

/** A walked file with its type, size and times (ISO-8601 UTC). */
export interface StatedFile extends WalkedFile {
  type: FileType;
  size: number;
  /** Modification time: the file's updated_time, and with the size what tells a changed file. */
  mtime: string;
  /** Birth time when the file system keeps one, else the modification time. */
  createdTime: string;
}

export interface StatResult {
  files: StatedFile[];
  /** Files that vanished or could not be read between the walk and the stat. */
  failed: { file: string; reason: string }[];
}

/** stat calls in flight at once (the libuv pool runs four; a few more keep it busy). */
const STATS_IN_FLIGHT = 64;

/** One stat per file (following links); anything that is no longer a plain file is dropped. */
export async function statFiles(
  walked: readonly WalkedFile[],
  classify: FileClassifier,
  onProgress?: (done: number) => void,
): Promise<StatResult> {
  const files: StatedFile[] = [];
  const failed: StatResult['failed'] = [];
  for (let start = 0; start < walked.length; start += STATS_IN_FLIGHT) {
    const chunk = walked.slice(start, start + STATS_IN_FLIGHT);
    const stats = await Promise.all(
      chunk.map((file) => stat(join(file.dir, file.filename)).catch((error: unknown) => reasonOf(error))),
    );
    chunk.forEach((file, index) => {
      const info = stats[index];
      const type = classify(file.filename);
      if (typeof info === 'string') failed.push({ file: join(file.dir, file.filename), reason: info });
      else if (info !== undefined && info.isFile() && type !== null) {
        const mtime = new Date(info.mtimeMs).toISOString();
        files.push({
          ...file,
          type,
          size: info.size,
          mtime,
          createdTime: info.birthtimeMs > 0 ? new Date(info.birthtimeMs).toISOString() : mtime,
        });
      }
    });
    onProgress?.(chunk.length);
  }
  return { files, failed };
}
