import type { DataTransferReport, DataTransferReports, JobProgress, SectionCounts } from '@fovea/contract';

/** No transfer has ever run. */
export const NO_REPORTS: DataTransferReports = {
  backup: null,
  restore: null,
  'xbvr-import': null,
  'xbvr-dry-run': null,
};

export const counts = (overrides: Partial<SectionCounts> = {}): SectionCounts => ({
  read: 0,
  added: 0,
  updated: 0,
  skipped: 0,
  rejected: 0,
  ...overrides,
});

/** A finished report of a kind, nothing counted unless given. */
export function transferReport(
  overrides: Partial<DataTransferReport> & Pick<DataTransferReport, 'kind'>,
): DataTransferReport {
  return {
    status: 'ok',
    jobId: 1,
    startedAt: '2026-01-10T10:00:00Z',
    finishedAt: '2026-01-10T10:01:00Z',
    message: 'Done',
    sections: {},
    rejected: [],
    rejectedTotal: 0,
    file: null,
    ...overrides,
  };
}

export function jobProgress(
  overrides: Partial<JobProgress> & Pick<JobProgress, 'jobId' | 'name'>,
): JobProgress {
  return {
    task: 'scrape',
    status: 'running',
    current: 0,
    total: 0,
    progress: 0,
    message: '',
    ...overrides,
  };
}
