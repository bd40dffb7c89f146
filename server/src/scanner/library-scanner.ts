import type { Options } from '@fovea/contract';
import { throwIfAborted } from '../jobs/job-definition';
import type { Logger } from '../logging/logger';
import type { PutioClient } from '../putio/putio.client';
import type { EventBus } from '../realtime/event-bus';
import type { FileScanRepository } from '../repositories/file-scan.repository';
import type { VolumeRepository, VolumeRow } from '../repositories/volume.repository';
import type { FileMatchService } from '../services/file-match.service';
import type { SceneStatusService } from '../services/scene-status.service';
import type { StashdbFingerprintMatchService } from '../services/stashdb-fingerprint-match.service';
import { fileClassifier, videoExtensions } from './classify-file';
import { detectMoves } from './detect-moves';
import { drawHeatmaps } from './draw-heatmaps';
import type { ScanMedia } from './inspect-files';
import {
  formatCount,
  scanLocalVolume,
  scanPutioVolume,
  type ScanProgress,
  type VolumeScanContext,
  type VolumeScanResult,
} from './scan-volume';

/** Removed rows per transaction. */
const REMOVE_BATCH = 500;

export interface LibraryScannerDeps {
  files: FileScanRepository;
  volumes: Pick<VolumeRepository, 'list' | 'get' | 'markScanned'>;
  putio: Pick<PutioClient, 'listFiles'>;
  matcher: Pick<FileMatchService, 'matchUnmatched'>;
  /** The StashDB fingerprint step of matching (xbvr-facts §6.4 step 5); not done when absent. */
  fingerprints?: Pick<StashdbFingerprintMatchService, 'matchUnmatched'>;
  sceneStatus: SceneStatusService;
  options: { get(): Options };
  events: Pick<EventBus, 'publish'>;
  media: ScanMedia;
  renderHeatmap(funscriptText: string): Promise<Buffer | null>;
  /** The data folder's heatmaps folder. */
  heatmapsDir: string;
}

export interface RescanRun {
  /** One volume, or every enabled one when absent. */
  volumeId?: number;
  progress: ScanProgress;
  signal: AbortSignal;
  logger: Logger;
}

export interface RescanReport {
  added: number;
  changed: number;
  removed: number;
  /** Rows of gone files held back for the owner to confirm (more than half of a volume). */
  held: number;
  /** Files matched to a scene: moved files keeping theirs, and automatic matches. */
  matched: number;
  heatmaps: number;
}

/**
 * The rescan (xbvr-facts §6, design §9.5): every enabled volume in turn (local folders and put.io), then the
 * gone rows removed (after moved files took over their matches, across volumes), automatic matching of the
 * unmatched files (by name, then by StashDB fingerprint), and heatmaps of the new and changed funscripts. A failing volume never fails the others:
 * an unreachable one is marked unavailable with all its rows kept.
 */
export class LibraryScanner {
  constructor(private readonly deps: LibraryScannerDeps) {}

  async rescan(run: RescanRun): Promise<RescanReport> {
    const { progress, signal } = run;
    const volumes = await this.volumesToScan(run);
    let total = 0;
    const context: VolumeScanContext = {
      files: this.deps.files,
      volumes: this.deps.volumes,
      sceneStatus: this.deps.sceneStatus,
      putio: this.deps.putio,
      media: this.deps.media,
      classify: fileClassifier(videoExtensions(this.deps.options.get().storage.video_ext)),
      progress,
      signal,
      addToTotal: (count) => {
        total += count;
        progress.setTotal(total);
      },
    };

    const results: VolumeScanResult[] = [];
    for (const volume of volumes) {
      throwIfAborted(signal);
      results.push(
        volume.type === 'putio'
          ? await scanPutioVolume(volume, context)
          : await scanLocalVolume(volume, context),
      );
    }
    throwIfAborted(signal);
    const { removed, moved } = await this.removeGone(results, run);

    const scanned = results.filter((result) => result.scanned).map((result) => result.volumeId);
    const unmatched = await this.deps.files.unmatchedIds(scanned);
    let matched = unmatched.length > 0 ? (await this.deps.matcher.matchUnmatched(unmatched)).matched : 0;
    if (unmatched.length > 0 && this.deps.fingerprints) {
      matched += (await this.deps.fingerprints.matchUnmatched(unmatched, { progress, signal })).matched;
    }

    throwIfAborted(signal);
    const local = new Set(volumes.filter((volume) => volume.type === 'local').map((volume) => volume.id));
    const heatmaps = await drawHeatmaps(
      scanned.filter((id) => local.has(id)),
      {
        files: this.deps.files,
        render: this.deps.renderHeatmap,
        heatmapsDir: this.deps.heatmapsDir,
        logger: run.logger,
        checkpoint: () => throwIfAborted(signal),
      },
    );
    this.deps.events.publish('state.change.optionsStorage', {});

    const report: RescanReport = {
      added: results.reduce((sum, result) => sum + result.added.length, 0),
      changed: results.reduce((sum, result) => sum + result.changed, 0),
      removed,
      held: results.reduce((sum, result) => sum + result.held, 0),
      matched: moved + matched,
      heatmaps: heatmaps.drawn,
    };
    const held = report.held > 0 ? `, ${formatCount(report.held)} gone but kept until confirmed` : '';
    progress.log(
      `Rescan done: ${formatCount(report.added)} new, ${formatCount(report.changed)} changed, ` +
        `${formatCount(report.removed)} removed${held}, ${formatCount(report.matched)} matched`,
    );
    return report;
  }

  private async volumesToScan(run: RescanRun): Promise<VolumeRow[]> {
    if (run.volumeId === undefined) return (await this.deps.volumes.list()).filter((v) => v.is_enabled === 1);
    const volume = await this.deps.volumes.get(run.volumeId);
    if (volume === undefined) {
      run.progress.log(`Storage ${run.volumeId} no longer exists; nothing to scan`, 'warn');
      return [];
    }
    if (volume.is_enabled !== 1) {
      run.progress.log(`${volume.path} is disabled; it is not scanned`, 'warn');
      return [];
    }
    return [volume];
  }

  /**
   * Removes the rows of gone files. First, a new unmatched file with the same content as a gone matched one
   * (a move or rename, on any scanned volume) takes its scene, and its name joins the scene's expected
   * filenames so a later rebuild matches it again; the move and the removal share a transaction, with the
   * status of the scenes involved.
   */
  private async removeGone(results: readonly VolumeScanResult[], run: RescanRun) {
    const gone = results.flatMap((result) => result.gone);
    const moves = detectMoves(
      gone,
      results.flatMap((result) => result.added),
    );
    let moved = 0;
    for (let start = 0; start < gone.length; start += REMOVE_BATCH) {
      const batch = gone.slice(start, start + REMOVE_BATCH);
      const ids = new Set(batch.map((row) => row.id));
      const batchMoves = moves.filter((move) => ids.has(move.fromId));
      moved += await this.deps.files.transaction(async (tx) => {
        let count = 0;
        for (const move of batchMoves) {
          if (!(await tx.files.assignScene(move.fileId, move.sceneId))) continue;
          await tx.files.addExpectedFilename(move.sceneId, move.filename);
          count += 1;
        }
        await tx.files.deleteFiles([...ids]);
        const scenes = [
          ...batch.flatMap((row) => (row.scene_id === null ? [] : [row.scene_id])),
          ...batchMoves.map((move) => move.sceneId),
        ];
        await this.deps.sceneStatus.refreshScenes(scenes, tx.status);
        return count;
      });
      run.progress.log(`Removed ${formatCount(batch.length)} files that are gone`);
    }
    if (moved > 0) run.progress.log(`${formatCount(moved)} moved files kept their scene`);
    return { removed: gone.length, moved };
  }
}
