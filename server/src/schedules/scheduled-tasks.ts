import type { JobName, Options, SchedulePrefix } from '@fovea/contract';
import { NO_STASHDB_KEY, stashdbApiKey } from '../stashdb/stashdb-api-key';

/** What one scheduled task starts: a job of the queue, with its payload for a run whose window ends at `until`. */
export interface ScheduledTask {
  /** How the log names it. */
  title: string;
  job: JobName;
  payload(until: Date | null): Record<string, unknown>;
  /** Why the task cannot run with these options (it is then skipped and the log says why), or null. */
  blockedBy?(options: Options): string | null;
}

/** The six schedulable tasks of Options → Task Schedules (xbvr-facts §8.5). */
export const SCHEDULED_TASKS: Record<SchedulePrefix, ScheduledTask> = {
  rescrape: { title: 'Rescrape', job: 'scrape', payload: () => ({ site: '_enabled' }) },
  rescan: { title: 'Rescan', job: 'rescan', payload: () => ({}) },
  preview: {
    title: 'Preview generation',
    job: 'preview-generate',
    // Rendering is heavy: inside a window it stops when the window closes, as the reference's does.
    payload: (until) => (until ? { until: until.toISOString() } : {}),
  },
  actorRescrape: { title: 'Actor rescrape', job: 'actor-scrape', payload: () => ({ mode: 'pending' }) },
  stashdbRescrape: {
    title: 'StashDB rescrape',
    job: 'stashdb-run',
    payload: () => ({}),
    blockedBy: (options) => (stashdbApiKey(options) === null ? NO_STASHDB_KEY : null),
  },
  linkScenes: { title: 'Link scenes', job: 'alternate-relink', payload: () => ({}) },
};
