import type { FileType } from '../db/schema';
import type { KnownFileRow } from '../repositories/file-scan.repository';

/** What a plan needs to know of a file found on a volume (a local file, a put.io listing entry). */
export interface FoundFile {
  dir: string;
  filename: string;
  type: FileType;
  size: number;
  mtime: string;
}

export interface ScanPlan<F extends FoundFile> {
  /** Files without a row yet. */
  added: F[];
  /** Files whose row is out of date (size or modification time moved, or the type changed). */
  changed: { file: F; known: KnownFileRow }[];
  /** How many files need nothing. */
  unchanged: number;
  /** Rows whose file was not found (candidates for removal: the caller checks before deleting). */
  missing: KnownFileRow[];
}

export interface PlanOptions {
  /**
   * Probe again a video row that has no width, i.e. whose last probe failed (a file still being copied, a
   * probe timeout): it costs one probe per such file and scan, and fixes them by themselves. Off for put.io
   * rows, which are never probed.
   */
  retryUnprobed: boolean;
}

/** Joins a folder and a name into the key of the (path, filename) pair. */
export function fileKey(dir: string, filename: string): string {
  return `${dir}\u0000${filename}`;
}

/**
 * Splits what a scan found into new, changed and unchanged files, and the rows nothing was found for. A file
 * is unchanged when its row has the same size and the same modification time (ISO text).
 */
export function planScan<F extends FoundFile>(
  found: readonly F[],
  known: readonly KnownFileRow[],
  options: PlanOptions,
): ScanPlan<F> {
  const rows = new Map<string, KnownFileRow>();
  for (const row of known) rows.set(fileKey(row.path, row.filename), row);
  const plan: ScanPlan<F> = { added: [], changed: [], unchanged: 0, missing: [] };
  for (const file of found) {
    const key = fileKey(file.dir, file.filename);
    const row = rows.get(key);
    if (row === undefined) {
      plan.added.push(file);
      continue;
    }
    rows.delete(key);
    const stale =
      row.size !== file.size ||
      (row.updated_time ?? '') !== file.mtime ||
      row.type !== file.type ||
      (options.retryUnprobed && file.type === 'video' && row.video_width === 0);
    if (stale) plan.changed.push({ file, known: row });
    else plan.unchanged += 1;
  }
  plan.missing = [...rows.values()];
  return plan;
}
