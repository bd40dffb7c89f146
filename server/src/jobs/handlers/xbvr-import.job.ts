import {
  BUNDLE_SECTIONS,
  DEFAULT_BUNDLE_OPTIONS,
  XbvrImportBody,
  type BundleEntry,
  type PathMapping,
  type XbvrSource,
} from '@fovea/contract';
import { rm } from 'node:fs/promises';
import type { SpooledBundle } from '../../bundles/spooled-bundle';
import type { TransferReports } from '../../bundles/transfer-reports.service';
import { describeRejected, describeSections } from '../../bundles/transfer-message';
import { recordItems } from '../../bundles/record-items';
import { TransferTally } from '../../bundles/transfer-tally';
import { defineJob } from '../job-definition';
import { applySpooled, type BundleApplyPort } from './bundle-restore.job';

export interface XbvrSourcePort {
  entries(pathMappings: readonly PathMapping[], signal?: AbortSignal): AsyncGenerator<BundleEntry>;
  close(): Promise<void>;
}

export interface XbvrImportJobDeps {
  reports: TransferReports;
  applier: BundleApplyPort;
  open(source: XbvrSource): Promise<XbvrSourcePort>;
  spoolEntries(entries: AsyncIterable<BundleEntry>, dir: string, signal: AbortSignal): Promise<SpooledBundle>;
  workDir(jobId: number): string;
}

/** Everything comes across from XBVR's database: every section, settings included. */
const MOVE_IN_OPTIONS = { ...DEFAULT_BUNDLE_OPTIONS, inclConfig: true, extRefSubset: '' } as const;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Counts records as they stream past, for the Data line while XBVR's database is read. */
async function* counted(
  entries: AsyncIterable<BundleEntry>,
  onRecord: (count: number, section: string) => void,
): AsyncGenerator<BundleEntry> {
  let count = 0;
  for await (const entry of entries) {
    count += 1;
    if (count % 1000 === 0) onRecord(count, entry.section);
    yield entry;
  }
}

/** POST /api/task/xbvr-import: read XBVR's database (read-only), then show the counts (dry run) or write it all. */
export function xbvrImportJob(deps: XbvrImportJobDeps) {
  return defineJob({
    name: 'xbvr-import',
    lock: 'scrape',
    task: 'scrape',
    payload: XbvrImportBody,
    async run({ jobId, payload, progress, signal }) {
      const kind = payload.dryRun ? 'xbvr-dry-run' : 'xbvr-import';
      const run = await deps.reports.start(kind, jobId, "Reading XBVR's database");
      const dir = deps.workDir(jobId);
      const tally = new TransferTally();
      let bundle: SpooledBundle | undefined;
      let reported = false;
      let writing = false;
      try {
        progress.log("Reading XBVR's database");
        const source = await deps.open(payload.source);
        try {
          bundle = await deps.spoolEntries(
            counted(source.entries(payload.pathMappings, signal), (count, section) =>
              progress.moveTo(count, `Reading XBVR's database: ${section}`),
            ),
            dir,
            signal,
          );
        } finally {
          await source.close();
        }
        if (payload.dryRun) {
          for (const section of BUNDLE_SECTIONS) {
            for await (const record of bundle.records(section)) {
              tally.count(section, 'read', recordItems({ section, record } as BundleEntry));
            }
          }
          tally.addRejected(bundle.rejected, bundle.rejectedTotal);
          const message =
            `Dry run: ${describeSections(tally.sections(), 'read')} would come across.` +
            `${describeRejected(tally.rejectedTotal)} Nothing was changed.`;
          await deps.reports.finish(run, { status: 'ok', message, tally });
          reported = true;
          progress.log(message);
          return;
        }
        writing = true;
        const result = await applySpooled(
          deps.applier,
          bundle,
          { ...MOVE_IN_OPTIONS, overwrite: payload.overwrite },
          { tally, signal, progress, verb: 'Moved in from XBVR' },
        );
        await deps.reports.finish(run, { ...result, tally });
        reported = true;
        progress.log(result.message, result.status === 'ok' ? 'info' : 'error');
        if (result.status === 'failed') throw new Error(result.message);
      } catch (error) {
        if (!signal.aborted && !reported) {
          await deps.reports.finish(run, {
            status: 'failed',
            message: `${reasonOf(error).replace(/\.$/, '')}. ${writing ? 'What was written before that point was kept.' : 'Nothing was changed.'}`,
            tally,
          });
        }
        throw error;
      } finally {
        await bundle?.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    },
  });
}
