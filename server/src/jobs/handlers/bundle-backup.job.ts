import { BUNDLE_FILE_NAME, BundleRestoreOptions, type BundleBackupQuery } from '@fovea/contract';
import { join } from 'node:path';
import { z } from 'zod';
import type { TransferReports } from '../../bundles/transfer-reports.service';
import { describeSections, megabytes } from '../../bundles/transfer-message';
import { TransferTally } from '../../bundles/transfer-tally';
import { defineJob } from '../job-definition';

/** The backup's options as a job stores them (booleans, not the query's "true"/"false" strings). */
export const BundleBackupPayload = BundleRestoreOptions.omit({ overwrite: true }).extend({
  playlistId: z.number().int().nonnegative().default(0),
});
export type BundleBackupPayload = z.infer<typeof BundleBackupPayload>;

export interface BundleExportPort {
  export(
    options: BundleBackupQuery,
    target: string,
    hooks: {
      signal: AbortSignal;
      onTotal(total: number): void;
      onProgress(done: number, message: string): void;
    },
  ): Promise<{ tally: TransferTally; bytes: number }>;
}

/** The URL the bundle is offered at (xbvr-wire §12). */
export const BUNDLE_DOWNLOAD_PATH = `/download/${BUNDLE_FILE_NAME}`;

/** GET /api/task/bundle/backup: writes the v2.1 bundle to the downloads folder, streamed. */
export function bundleBackupJob(deps: {
  exporter: BundleExportPort;
  reports: TransferReports;
  downloadsDir: string;
}) {
  return defineJob({
    name: 'bundle-backup',
    lock: 'bundle',
    task: 'scrape',
    payload: BundleBackupPayload,
    async run({ jobId, payload, progress, signal }) {
      const run = await deps.reports.start('backup', jobId, 'Writing the backup');
      progress.log('Writing the content bundle');
      try {
        const { tally, bytes } = await deps.exporter.export(
          { ...payload, download: true },
          join(deps.downloadsDir, BUNDLE_FILE_NAME),
          {
            signal,
            onTotal: (total) => progress.restart(total, 'Writing the content bundle'),
            onProgress: (done, message) => progress.moveTo(done, message),
          },
        );
        const message = `Backup ready (${megabytes(bytes)}): ${describeSections(tally.sections(), 'read')}.`;
        await deps.reports.finish(run, {
          status: 'ok',
          message,
          tally,
          file: { url: BUNDLE_DOWNLOAD_PATH, size: bytes },
        });
        progress.log(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await deps.reports.finish(run, {
          status: 'failed',
          message: `The backup failed: ${reason}. Any earlier backup file was kept.`,
          tally: new TransferTally(),
        });
        throw error;
      }
    },
  });
}
