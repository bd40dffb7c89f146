import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Logger } from '../logging/logger';
import type { FileScanRepository } from '../repositories/file-scan.repository';
import { extensionOf } from './classify-file';
import { reasonOf } from './walk-folder';

export interface HeatmapDeps {
  files: FileScanRepository;
  render(funscriptText: string): Promise<Buffer | null>;
  /** The data folder's heatmaps folder: heatmap-<fileId>.png. */
  heatmapsDir: string;
  logger: Logger;
  /** Called between files; throws to stop. */
  checkpoint(): void;
}

export interface HeatmapReport {
  drawn: number;
  /** Scripts with no usable actions (or unreadable): left without a heatmap. */
  skipped: number;
}

/** Flags written per statement. */
const MARK_BATCH = 200;

/** The PNG of a file's heatmap in the heatmaps folder. */
export function heatmapFile(heatmapsDir: string, fileId: number): string {
  return join(heatmapsDir, `heatmap-${fileId}.png`);
}

/**
 * Draws the heatmap of every funscript of the given volumes that has none (new and changed scripts: a change
 * resets the flag) or whose PNG is gone. The PNG is written to a temporary name and renamed, so a reader never sees half a file;
 * then the file is flagged has_heatmap and refresh_heatmap_cache.
 */
export async function drawHeatmaps(volumeIds: readonly number[], deps: HeatmapDeps): Promise<HeatmapReport> {
  // A heatmap whose PNG went missing (the data folder's heatmaps were cleared) is drawn again too.
  const drawn = new Set(await readdir(deps.heatmapsDir).catch(() => []));
  const candidates = (await deps.files.heatmapCandidates(volumeIds)).filter(
    (file) =>
      extensionOf(file.filename) === '.funscript' &&
      (file.has_heatmap === 0 || !drawn.has(basename(heatmapFile(deps.heatmapsDir, file.id)))),
  );
  const report: HeatmapReport = { drawn: 0, skipped: 0 };
  let done: number[] = [];
  for (const file of candidates) {
    deps.checkpoint();
    const source = join(file.path, file.filename);
    try {
      const png = await deps.render(await readFile(source, 'utf8'));
      if (png === null) {
        deps.logger.debug({ file: source }, 'no heatmap: the script has no usable actions');
        report.skipped += 1;
        continue;
      }
      const target = heatmapFile(deps.heatmapsDir, file.id);
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, png);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      done.push(file.id);
      report.drawn += 1;
    } catch (error) {
      deps.logger.warn({ file: source }, `No heatmap for ${source}: ${reasonOf(error)}`);
      report.skipped += 1;
    }
    if (done.length >= MARK_BATCH) {
      await deps.files.markHeatmaps(done);
      done = [];
    }
  }
  await deps.files.markHeatmaps(done);
  return report;
}
