import type {
  DataTransferKind,
  DataTransferReport,
  DataTransferReports,
  JobName,
  JobProgress,
} from '@fovea/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataTransferReports } from '../../../api/queries/data-transfer';
import { useRealtime, useRealtimeEvent, useTaskStatus } from '../../../app/realtime';
import type { RealtimeState, Stamped } from '../../../app/realtime';
import { notifyImportError } from '../../../components/notify';

/**
 * Which of two reports of one kind is the later: the later job, else the later start, else the finished one.
 * A pushed report must not be replaced by an older answer of GET /api/task/data/reports still on its way.
 */
export function laterReport(
  fetched: DataTransferReport | null,
  pushed: DataTransferReport | undefined,
): DataTransferReport | null {
  if (pushed === undefined) return fetched;
  if (fetched === null) return pushed;
  if (fetched.jobId !== null && pushed.jobId !== null && fetched.jobId !== pushed.jobId) {
    return pushed.jobId > fetched.jobId ? pushed : fetched;
  }
  if (fetched.startedAt !== pushed.startedAt) return pushed.startedAt > fetched.startedAt ? pushed : fetched;
  return fetched.status === 'running' ? pushed : fetched;
}

type PushedReports = Partial<Record<DataTransferKind, DataTransferReport>>;

/** The latest report of every kind: those the server kept, and those pushed on `data.transfer` since. */
export function useLiveDataTransferReports(): DataTransferReports | undefined {
  const query = useDataTransferReports();
  const [pushed, setPushed] = useState<PushedReports>({});
  useRealtimeEvent('data.transfer', (report) =>
    setPushed((current) => ({ ...current, [report.kind]: report })),
  );
  return useMemo(() => {
    if (query.data === undefined) return undefined;
    const fetched = query.data;
    return {
      backup: laterReport(fetched.backup, pushed.backup),
      restore: laterReport(fetched.restore, pushed.restore),
      'xbvr-import': laterReport(fetched['xbvr-import'], pushed['xbvr-import']),
      'xbvr-dry-run': laterReport(fetched['xbvr-dry-run'], pushed['xbvr-dry-run']),
    };
  }, [query.data, pushed]);
}

/** The job names of each part of the screen. */
export const TRANSFER_JOBS = {
  import: ['bundle-restore'],
  export: ['bundle-backup'],
  xbvr: ['xbvr-import'],
} as const satisfies Record<string, readonly JobName[]>;

export type TransferJobGroup = keyof typeof TRANSFER_JOBS;

function latestJobOf(state: RealtimeState, names: readonly JobName[]): Stamped<JobProgress> | null {
  let latest: Stamped<JobProgress> | null = null;
  for (const job of Object.values(state.jobs)) {
    if (names.includes(job.value.name) && (latest === null || job.seq > latest.seq)) latest = job;
  }
  return latest;
}

export interface RunningTransfer {
  /** 0 to 100. */
  progress: number;
  /** The job's own message. */
  message: string;
  /** What the navbar's Data line says now (the transfer's log lines), '' when it says nothing. */
  dataLine: string;
}

/** The running (or queued) job of a part of the screen, with the Data line's text; null when none runs. */
export function useRunningTransfer(group: TransferJobGroup): RunningTransfer | null {
  const job = useRealtime((state) => latestJobOf(state, TRANSFER_JOBS[group]));
  const dataLine = useTaskStatus('scrape');
  if (job === null || (job.value.status !== 'running' && job.value.status !== 'queued')) return null;
  return { progress: job.value.progress, message: job.value.message, dataLine: dataLine?.message ?? '' };
}

/**
 * Shows 'Error: {message}' (30 s) once when the transfer this page started ends failed: a bundle that is not
 * valid JSON, is truncated or has a wrong version is found out by the server while it reads the file.
 */
export function useFailureToast(report: DataTransferReport | null, startedJobId: number | null): void {
  const { t } = useTranslation();
  const toasted = useRef<number | null>(null);
  useEffect(() => {
    if (report === null || startedJobId === null || report.jobId !== startedJobId) return;
    if (report.status !== 'failed' || toasted.current === startedJobId) return;
    toasted.current = startedJobId;
    notifyImportError(t('errors.errorMessage', { message: report.message }));
  }, [report, startedJobId, t]);
}
