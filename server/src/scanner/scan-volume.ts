import { join } from 'node:path';
import { throwIfAborted } from '../jobs/job-definition';
import type { Progress } from '../jobs/progress';
import type { PutioClient } from '../putio/putio.client';
import type {
  FileScanRepository,
  KnownFileRow,
  ScanFileValues,
  UpsertedFile,
} from '../repositories/file-scan.repository';
import type { VolumeRepository, VolumeRow } from '../repositories/volume.repository';
import type { SceneStatusService } from '../services/scene-status.service';
import type { FileClassifier } from './classify-file';
import { goneFiles } from './gone-files';
import { inspectFiles, type ScanMedia } from './inspect-files';
import { putioVideos } from './putio-files';
import { fileKey, planScan } from './scan-plan';
import { statFiles } from './stat-files';
import { folderMountState } from './volume-mount';
import { reasonOf, walkFolder } from './walk-folder';

/** Rows written per transaction. */
export const PERSIST_BATCH = 200;

export type ScanProgress = Pick<Progress, 'setTotal' | 'advance' | 'log'>;

/** What scanning one volume needs; shared by every volume of a rescan. */
export interface VolumeScanContext {
  files: FileScanRepository;
  volumes: Pick<VolumeRepository, 'markScanned'>;
  sceneStatus: SceneStatusService;
  putio: Pick<PutioClient, 'listFiles'>;
  media: ScanMedia;
  classify: FileClassifier;
  progress: ScanProgress;
  signal: AbortSignal;
  /** Adds files to look at to the job's total. */
  addToTotal(count: number): void;
}

export interface VolumeScanResult {
  volumeId: number;
  /** The volume was mounted (or put.io answered) and its files were looked at. */
  scanned: boolean;
  /** Rows of files seen for the first time. */
  added: UpsertedFile[];
  changed: number;
  /** Videos probed successfully. */
  probed: number;
  /** Rows whose file is gone (checked on disk): removed after move detection. */
  gone: KnownFileRow[];
  /** Rows whose file is gone but held back for the owner to confirm (more than half of the volume). */
  held: number;
}

/**
 * A rescan removes the rows of gone files by itself unless more than half of a mounted volume's rows (and more
 * than this many) are gone at once: that is more likely a bad mount or a half-synchronised share than the
 * owner's doing, so the rows are held back (files.missing_since) until the owner confirms in Storage.
 */
export const HOLD_GONE_ABOVE = 20;

/** Whether `gone` rows of a volume of `total` rows are held back rather than removed. */
export const holdsGone = (gone: number, total: number): boolean => gone > HOLD_GONE_ABOVE && gone * 2 > total;

const numbers = new Intl.NumberFormat('en-GB');
export const formatCount = (count: number): string => numbers.format(count);
const files = (count: number) => `${formatCount(count)} file${count === 1 ? '' : 's'}`;

/**
 * Sets the volume's availability when it changed, and recomputes its scenes' status (accessible follows the
 * volume) in the same transaction.
 */
async function setAvailability(ctx: VolumeScanContext, volume: VolumeRow, available: boolean): Promise<void> {
  if ((volume.is_available === 1) === available) return;
  await ctx.files.transaction(async (tx) => {
    await tx.volumes.setAvailable(volume.id, available);
    await ctx.sceneStatus.refreshScenes(await tx.files.sceneIdsOfVolume(volume.id), tx.status);
  });
}

/** Writes a batch of new and changed rows and refreshes the status of their scenes, in one transaction. */
function persist(
  ctx: VolumeScanContext,
  volumeId: number,
  values: readonly ScanFileValues[],
): Promise<UpsertedFile[]> {
  return ctx.files.transaction(async (tx) => {
    const rows = await tx.files.upsert(volumeId, values);
    await ctx.sceneStatus.refreshScenes(
      rows.flatMap((row) => (row.scene_id === null ? [] : [row.scene_id])),
      tx.status,
    );
    return rows;
  });
}

/** A volume that cannot be scanned now: unavailable, and every row kept. */
async function keepUnavailable(ctx: VolumeScanContext, volume: VolumeRow, why: string): Promise<void> {
  await setAvailability(ctx, volume, false);
  const count = await ctx.files.countFiles(volume.id);
  ctx.progress.log(`${volume.path} ${why}; its ${files(count)} are kept`, 'warn');
}

function emptyResult(volumeId: number): VolumeScanResult {
  return { volumeId, scanned: false, added: [], changed: 0, probed: 0, gone: [], held: 0 };
}

/**
 * The gone rows of a scanned local volume: removed (answered) as usual, or all held back when holdsGone says
 * so. Held rows whose file is back are released either way; the status of the scenes whose rows changed is
 * refreshed in the same transaction (a held row's scene is not accessible, like one on an offline drive).
 */
async function removeOrHold(
  ctx: VolumeScanContext,
  volume: VolumeRow,
  known: readonly KnownFileRow[],
  gone: KnownFileRow[],
): Promise<{ remove: KnownFileRow[]; held: number }> {
  const hold = holdsGone(gone.length, known.length);
  const wasHeld = known.some((row) => row.missing_since !== null);
  if (!hold && !wasHeld) return { remove: gone, held: 0 };
  const heldIds = hold ? gone.map((row) => row.id) : [];
  await ctx.files.transaction(async (tx) => {
    const released = await tx.files.release(volume.id, heldIds);
    const held = await tx.files.hold(volume.id, heldIds, new Date().toISOString());
    await ctx.sceneStatus.refreshScenes([...released.sceneIds, ...held], tx.status);
  });
  if (!hold) return { remove: gone, held: 0 };
  ctx.progress.log(
    `${volume.path}: ${files(gone.length)} of ${formatCount(known.length)} seem to be gone (more than half of ` +
      'this folder); they are kept until you confirm their removal in Options → Storage',
    'warn',
  );
  return { remove: [], held: gone.length };
}

/**
 * A local folder: mount check, walk, stat, skip the unchanged, inspect and persist the new and changed in
 * batches, then find the rows whose file is gone. A folder that is missing, empty or unreadable is marked
 * unavailable and nothing is deleted.
 */
export async function scanLocalVolume(volume: VolumeRow, ctx: VolumeScanContext): Promise<VolumeScanResult> {
  const result = emptyResult(volume.id);
  const mount = await folderMountState(volume.path);
  if (!mount.mounted) {
    await keepUnavailable(ctx, volume, `is not mounted (${mount.reason})`);
    return result;
  }
  await setAvailability(ctx, volume, true);

  const walk = await walkFolder(volume.path, (name) => ctx.classify(name) !== null);
  for (const folder of walk.unreadable)
    ctx.progress.log(`Could not read ${folder.dir}: ${folder.reason}`, 'warn');
  ctx.addToTotal(walk.files.length);
  ctx.progress.log(`Scanning ${volume.path} (${files(walk.files.length)})`);

  const stated = await statFiles(walk.files, ctx.classify);
  for (const failure of stated.failed)
    ctx.progress.log(`Could not read ${failure.file}: ${failure.reason}`, 'warn');
  const known = await ctx.files.knownFiles(volume.id);
  const plan = planScan(stated.files, known, { retryUnprobed: true });
  ctx.progress.advance(plan.unchanged + stated.failed.length, `Scanning ${volume.path}`);

  const newKeys = new Set(plan.added.map((file) => fileKey(file.dir, file.filename)));
  const todo = [...plan.added, ...plan.changed.map((change) => change.file)];
  for (let start = 0; start < todo.length; start += PERSIST_BATCH) {
    throwIfAborted(ctx.signal);
    const inspections = await inspectFiles(
      todo.slice(start, start + PERSIST_BATCH),
      ctx.media,
      (inspection) => {
        ctx.progress.advance(1, `Scanning ${volume.path}`);
        if (inspection.failure === undefined) return;
        const { file, failure } = inspection;
        const what = file.type === 'video' ? 'probe' : 'read';
        ctx.progress.log(`Could not ${what} ${join(file.dir, file.filename)}: ${failure}`, 'warn');
      },
      ctx.signal,
    );
    throwIfAborted(ctx.signal);
    result.probed += inspections.filter((inspection) => inspection.values.video_width > 0).length;
    const rows = await persist(
      ctx,
      volume.id,
      inspections.map((inspection) => inspection.values),
    );
    result.added.push(...rows.filter((row) => newKeys.has(fileKey(row.path, row.filename))));
  }
  result.changed = plan.changed.length;
  if (result.probed > 0) ctx.progress.log(`Probed ${formatCount(result.probed)} new or changed videos`);

  // Checked again: a disk unmounted during the walk must not look like deleted files.
  const still = plan.missing.length > 0 ? await folderMountState(volume.path) : { mounted: true };
  if (still.mounted) {
    const gone = plan.missing.length > 0 ? await goneFiles(volume.path, plan.missing) : [];
    const settled = await removeOrHold(ctx, volume, known, gone);
    result.gone = settled.remove;
    result.held = settled.held;
  } else {
    ctx.progress.log(`${volume.path} went away during the scan; its files are kept`, 'warn');
  }
  await ctx.volumes.markScanned(volume.id, new Date().toISOString());
  result.scanned = true;
  return result;
}

/**
 * A put.io account: the root listing's videos are recorded (no probing); rows no longer listed are gone. put.io
 * not answering makes the volume unavailable and deletes nothing.
 */
export async function scanPutioVolume(volume: VolumeRow, ctx: VolumeScanContext): Promise<VolumeScanResult> {
  const result = emptyResult(volume.id);
  let listing;
  try {
    listing = await ctx.putio.listFiles(volume.metadata, -1);
  } catch (error) {
    await keepUnavailable(ctx, volume, `cannot be reached (${reasonOf(error)})`);
    return result;
  }
  await setAvailability(ctx, volume, true);

  const found = putioVideos(listing, ctx.classify, ctx.media.detectProjection);
  ctx.addToTotal(found.length);
  ctx.progress.log(`Scanning ${volume.path} (${files(found.length)})`);
  const plan = planScan(found, await ctx.files.knownFiles(volume.id), { retryUnprobed: false });
  ctx.progress.advance(plan.unchanged, `Scanning ${volume.path}`);

  const newKeys = new Set(plan.added.map((file) => fileKey(file.dir, file.filename)));
  const todo = [...plan.added, ...plan.changed.map((change) => change.file)];
  for (let start = 0; start < todo.length; start += PERSIST_BATCH) {
    throwIfAborted(ctx.signal);
    const batch = todo.slice(start, start + PERSIST_BATCH);
    const rows = await persist(
      ctx,
      volume.id,
      batch.map((file) => file.values),
    );
    result.added.push(...rows.filter((row) => newKeys.has(fileKey(row.path, row.filename))));
    ctx.progress.advance(batch.length, `Scanning ${volume.path}`);
  }
  result.changed = plan.changed.length;
  result.gone = plan.missing;
  await ctx.volumes.markScanned(volume.id, new Date().toISOString());
  result.scanned = true;
  return result;
}
