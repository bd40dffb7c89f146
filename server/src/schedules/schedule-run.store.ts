import { SCHEDULE_PREFIXES, type SchedulePrefix } from '@fovea/contract';
import type { KvRepository } from '../repositories/kv.repository';

const KEY = 'schedule_runs';

export type LastRuns = Partial<Record<SchedulePrefix, Date>>;

/**
 * When each scheduled task last ran (or had its turn skipped), kept in the key-value table so an "every N hours"
 * schedule keeps its rhythm across restarts.
 */
export class ScheduleRunStore {
  constructor(private readonly kv: KvRepository) {}

  async load(): Promise<LastRuns> {
    const text = await this.kv.get(KEY);
    if (text === undefined) return {};
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      return {};
    }
    if (typeof stored !== 'object' || stored === null) return {};
    const runs: LastRuns = {};
    for (const prefix of SCHEDULE_PREFIXES) {
      const value: unknown = (stored as Record<string, unknown>)[prefix];
      const at = typeof value === 'string' ? new Date(value) : null;
      if (at && !Number.isNaN(at.getTime())) runs[prefix] = at;
    }
    return runs;
  }

  async save(runs: LastRuns): Promise<void> {
    const stored: Record<string, string> = {};
    for (const [prefix, at] of Object.entries(runs)) stored[prefix] = at.toISOString();
    await this.kv.set(KEY, JSON.stringify(stored));
  }
}
