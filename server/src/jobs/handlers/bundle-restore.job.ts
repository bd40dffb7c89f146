import { BundleRestoreOptions, type BundleRestoreOptions as RestoreOptions } from '@fovea/contract';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import type { SpooledBundle } from '../../bundles/spooled-bundle';
import type { TransferReports } from '../../bundles/transfer-reports.service';
import { describeRejected, describeSections } from '../../bundles/transfer-message';
import { TransferTally } from '../../bundles/transfer-tally';
import { defineJob } from '../job-definition';
import type { Progress } from '../progress';

/** A queued restore: the bundle already on disk (an upload), or a URL to fetch first. */
export const BundleRestorePayload = z.object({
  /** The uploaded bundle file in the data folder's tmp directory ('' when bundleUrl is used). */
  upload: z.string().max(4_096),
  bundleUrl: z.string().max(4_096),
  options: BundleRestoreOptions,
});
export type BundleRestorePayload = z.infer<typeof BundleRestorePayload>;

export type ApplyOutcome = { completed: true } | { completed: false; error: string; stoppedAt: string };

export interface BundleApplyPort {
  apply(
    bundle: SpooledBundle,
    options: RestoreOptions,
    hooks: {
      tally: TransferTally;
      signal: AbortSignal;
      onProgress(done: number, total: number, message: string): void;
    },
  ): Promise<ApplyOutcome>;
}

export interface BundleRestoreJobDeps {
  reports: TransferReports;
  applier: BundleApplyPort;
  /** Reads and checks the whole file, spooling its records under `dir`; throws on a file that is not a bundle. */
  spoolFile(
    file: string,
    dir: string,
    hooks: { signal: AbortSignal; onBytes(read: number, total: number): void },
  ): Promise<SpooledBundle>;
  /** Fetches a bundle URL to a file. */
  download(url: string, file: string, signal: AbortSignal): Promise<number>;
  /** A fresh working folder for the job (removed at the end). */
  workDir(jobId: number): string;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Applies a spooled bundle and turns the outcome into the report's status and message. */
export async function applySpooled(
  applier: BundleApplyPort,
  bundle: SpooledBundle,
  options: RestoreOptions,
  context: { tally: TransferTally; signal: AbortSignal; progress: Progress; verb: string },
): Promise<{ status: 'ok' | 'failed'; message: string }> {
  const { tally, progress } = context;
  tally.addRejected(bundle.rejected, bundle.rejectedTotal);
  progress.restart(0, `${context.verb}: writing`);
  const outcome = await applier.apply(bundle, options, {
    tally,
    signal: context.signal,
    onProgress: (done, total, message) => {
      progress.setTotal(total);
      progress.moveTo(done, message);
    },
  });
  const summary = describeSections(tally.sections(), 'applied');
  const rejected = describeRejected(tally.rejectedTotal);
  if (outcome.completed) return { status: 'ok', message: `${context.verb}: ${summary}.${rejected}` };
  return {
    status: 'failed',
    message:
      `${context.verb} stopped in ${outcome.stoppedAt}: ${outcome.error}. ` +
      `What was written before that point was kept: ${summary}.${rejected}`,
  };
}

/** POST /api/task/bundle/restore: read and check the whole bundle first, then write it in batches. */
export function bundleRestoreJob(deps: BundleRestoreJobDeps) {
  return defineJob({
    name: 'bundle-restore',
    lock: 'scrape',
    task: 'scrape',
    payload: BundleRestorePayload,
    async run({ jobId, payload, progress, signal }) {
      const run = await deps.reports.start('restore', jobId, 'Reading the bundle');
      const dir = deps.workDir(jobId);
      const tally = new TransferTally();
      let bundle: SpooledBundle | undefined;
      let reported = false;
      try {
        let file = payload.upload;
        if (payload.bundleUrl !== '') {
          progress.log(`Downloading the bundle from ${payload.bundleUrl}`);
          file = `${dir}.download.json`;
          await deps.download(payload.bundleUrl, file, signal);
        }
        progress.log('Reading and checking the bundle');
        try {
          bundle = await deps.spoolFile(file, dir, {
            signal,
            onBytes: (read, total) => {
              if (total > 0) progress.setTotal(Math.ceil(total / 1024));
              progress.moveTo(Math.floor(read / 1024), 'Reading and checking the bundle');
            },
          });
        } catch (error) {
          if (signal.aborted) throw error;
          throw new Error(`${reasonOf(error).replace(/\.$/, '')}. Nothing was changed.`, { cause: error });
        }
        const result = await applySpooled(deps.applier, bundle, payload.options, {
          tally,
          signal,
          progress,
          verb: bundle.version === '1' ? 'Restored the v1 bundle' : 'Restored',
        });
        await deps.reports.finish(run, { ...result, tally });
        reported = true;
        progress.log(result.message, result.status === 'ok' ? 'info' : 'error');
        if (result.status === 'failed') throw new Error(result.message);
      } catch (error) {
        if (!signal.aborted && !reported) {
          await deps.reports.finish(run, { status: 'failed', message: reasonOf(error), tally });
        }
        throw error;
      } finally {
        await bundle?.dispose();
        await rm(dir, { recursive: true, force: true });
        await rm(`${dir}.download.json`, { force: true });
        if (!signal.aborted && payload.upload !== '') await rm(payload.upload, { force: true });
      }
    },
  });
}
