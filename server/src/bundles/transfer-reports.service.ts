import type { DataTransferKind } from '@fovea/contract';
import { DataTransferReport, type DataTransferReports, type DataTransferStatus } from '@fovea/contract';
import type { EventPublisher } from '../jobs/job-queue';
import type { KvRepository } from '../repositories/kv.repository';
import type { TransferTally } from './transfer-tally';

const REPORT_KEY_PREFIX = 'data-transfer:';

export interface TransferRun {
  kind: DataTransferKind;
  jobId: number | null;
  startedAt: string;
}

/**
 * The latest backup, restore and move-in reports: kept in the kv table (so the page shows them after a reload
 * or a restart) and pushed on the `data.transfer` topic as a run starts and ends.
 */
export class TransferReports {
  private readonly clock: () => Date;

  constructor(
    private readonly kv: KvRepository,
    private readonly events: EventPublisher,
    clock?: () => Date,
  ) {
    this.clock = clock ?? (() => new Date());
  }

  async latest(): Promise<DataTransferReports> {
    const read = async (kind: DataTransferKind) => {
      const text = await this.kv.get(REPORT_KEY_PREFIX + kind);
      if (text === undefined) return null;
      try {
        const parsed = DataTransferReport.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    };
    return {
      backup: await read('backup'),
      restore: await read('restore'),
      'xbvr-import': await read('xbvr-import'),
      'xbvr-dry-run': await read('xbvr-dry-run'),
    };
  }

  /** Records and announces that a run began. */
  async start(kind: DataTransferKind, jobId: number | null, message: string): Promise<TransferRun> {
    const run: TransferRun = { kind, jobId, startedAt: this.clock().toISOString() };
    await this.save({
      kind,
      status: 'running',
      jobId,
      startedAt: run.startedAt,
      finishedAt: null,
      message,
      sections: {},
      rejected: [],
      rejectedTotal: 0,
      file: null,
    });
    return run;
  }

  /** Records and announces how a run ended. */
  async finish(
    run: TransferRun,
    outcome: {
      status: Exclude<DataTransferStatus, 'running'>;
      message: string;
      tally: TransferTally;
      file?: { url: string; size: number };
    },
  ): Promise<DataTransferReport> {
    const report: DataTransferReport = {
      kind: run.kind,
      status: outcome.status,
      jobId: run.jobId,
      startedAt: run.startedAt,
      finishedAt: this.clock().toISOString(),
      message: outcome.message,
      sections: outcome.tally.sections(),
      rejected: outcome.tally.rejected(),
      rejectedTotal: outcome.tally.rejectedTotal,
      file: outcome.file ?? null,
    };
    await this.save(report);
    return report;
  }

  private async save(report: DataTransferReport): Promise<void> {
    await this.kv.set(REPORT_KEY_PREFIX + report.kind, JSON.stringify(report));
    this.events.publish('data.transfer', report);
  }
}
