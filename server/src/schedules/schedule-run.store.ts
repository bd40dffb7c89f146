import { SCHEDULE_PREFIXES, type SchedulePrefix } from '@fovea/contract';
import type { KvRepository } from '../repositories/kv.repository';

const KEY = 'schedule_runs';

export type TaskTimes = Partial<Record<SchedulePrefix, Date>>;

/** What the scheduler remembers across restarts. */
export interface ScheduleRunState {
  /** When each task's scheduled run last started (or had its turn skipped). */
  lastRuns: TaskTimes;
  /** Since when each enabled task has been scheduled: "every N hours" counts from here before its first run. */
  since: TaskTimes;
}

function readTimes(value: unknown): TaskTimes {
  const times: TaskTimes = {};
  if (typeof value !== 'object' || value === null) return times;
  for (const prefix of SCHEDULE_PREFIXES) {
    const text: unknown = (value as Record<string, unknown>)[prefix];
    const at = typeof text === 'string' ? new Date(text) : null;
    if (at && !Number.isNaN(at.getTime())) times[prefix] = at;
  }
  return times;
}

function writeTimes(times: TaskTimes): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [prefix, at] of Object.entries(times)) stored[prefix] = at.toISOString();
  return stored;
}

/**
 * The scheduler's memory in the key-value table, so an "every N hours" schedule keeps its rhythm across
 * restarts (a NAS restarted more often than the interval still runs it).
 */
export class ScheduleRunStore {
  constructor(private readonly kv: KvRepository) {}

  async load(): Promise<ScheduleRunState> {
    const text = await this.kv.get(KEY);
    let stored: unknown;
    try {
      stored = text === undefined ? null : JSON.parse(text);
    } catch {
      stored = null;
    }
    const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
    return { lastRuns: readTimes(record['lastRuns']), since: readTimes(record['since']) };
  }

  async save(state: ScheduleRunState): Promise<void> {
    await this.kv.set(
      KEY,
      JSON.stringify({ lastRuns: writeTimes(state.lastRuns), since: writeTimes(state.since) }),
    );
  }
}
