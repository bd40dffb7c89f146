import { z } from 'zod';

/** Named locks; a job that holds one excludes every other job that needs it. */
export const LockName = z.enum(['scrape', 'rescan', 'index', 'previews', 'heatmaps', 'bundle']);
export type LockName = z.infer<typeof LockName>;
export const LOCK_NAMES = LockName.options;

/** Every job kind the server knows. Later issues add theirs here. */
export const JobName = z.enum([
  'scene-refresh',
  'search-index',
  'rescan',
  'preview-generate',
  'scrape',
  'bundle-backup',
  'bundle-restore',
  'xbvr-import',
  'stashdb-run',
  'scrape-tpdb',
  'scrape-javr',
  'actor-scrape',
  'alternate-relink',
]);
export type JobName = z.infer<typeof JobName>;

/** `cancelled`: stopped on request (POST /api/task/cancel/{id}) or because its storage location was removed. */
export const JobStatus = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatus>;

/** The task label a job's log lines carry in service.log data.task (the navbar reads scrape and rescan). */
export const JobTask = z.enum(['scrape', 'rescan', 'index', 'previews', 'heatmaps']);
export type JobTask = z.infer<typeof JobTask>;

export const JobProgress = z.object({
  jobId: z.number().int(),
  name: JobName,
  task: JobTask,
  status: JobStatus,
  current: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** 0 to 100, rounded down; 0 while the total is unknown. */
  progress: z.number().int().min(0).max(100),
  message: z.string(),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const Job = z.object({
  id: z.number().int(),
  name: JobName,
  status: JobStatus,
  current: z.number().int(),
  total: z.number().int(),
  message: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;
