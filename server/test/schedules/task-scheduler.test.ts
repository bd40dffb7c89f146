import {
  DEFAULT_OPTIONS,
  SCHEDULE_KEY_BY_PREFIX,
  cronToTaskSchedule,
  type JobName,
  type Options,
  type SchedulePrefix,
  type ScheduleOptions,
} from '@fovea/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src/logging/logger';
import type { KvRepository } from '../../src/repositories/kv.repository';
import { ScheduleRunStore } from '../../src/schedules/schedule-run.store';
import { TaskScheduler } from '../../src/schedules/task-scheduler.service';

/** Local times on a day without a DST change. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute, 0, 0);
const HOUR = 3600_000;
const MINUTE = 60_000;

class MemoryKv {
  readonly values = new Map<string, string>();
  async get(key: string) {
    return this.values.get(key);
  }
  async set(key: string, value: string) {
    this.values.set(key, value);
  }
}

class MemoryOptions {
  private current: Options = structuredClone(DEFAULT_OPTIONS);
  private readonly listeners = new Set<(options: Options) => void>();
  get(): Options {
    return structuredClone(this.current);
  }
  async update(change: (options: Options) => Options): Promise<Options> {
    this.current = change(this.get());
    for (const listener of this.listeners) listener(this.get());
    return this.get();
  }
  onChange(listener: (options: Options) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

class RecordingQueue {
  readonly queued: { name: JobName; payload: unknown; at: Date }[] = [];
  readonly active = new Set<JobName>();
  async enqueue(name: JobName, payload: unknown) {
    this.queued.push({ name, payload, at: new Date() });
  }
  async hasActive(name: JobName) {
    return this.active.has(name);
  }
}

const lines: string[] = [];
const logger = {
  info: (_fields: unknown, message: string) => lines.push(message),
  warn: (_fields: unknown, message: string) => lines.push(message),
  error: (_fields: unknown, message: string) => lines.push(message),
} as unknown as Logger;

/** Every task off, then the given ones as told. */
function onlyThese(
  options: Options,
  tasks: Partial<Record<SchedulePrefix, Partial<ScheduleOptions>>>,
): Options {
  const cron = { ...options.cron };
  for (const key of Object.values(SCHEDULE_KEY_BY_PREFIX)) cron[key] = { ...cron[key], enabled: false };
  for (const [task, changes] of Object.entries(tasks) as [SchedulePrefix, Partial<ScheduleOptions>][]) {
    const key = SCHEDULE_KEY_BY_PREFIX[task];
    cron[key] = { ...cron[key], enabled: true, ...changes };
  }
  return { ...options, cron };
}

let options: MemoryOptions;
let queue: RecordingQueue;
let kv: MemoryKv;
let watching: boolean;
let scheduler: TaskScheduler;

function makeScheduler() {
  return new TaskScheduler({
    options,
    queue,
    runs: new ScheduleRunStore(kv as unknown as KvRepository),
    isWatching: () => watching,
    logger,
  });
}

beforeEach(async () => {
  vi.useFakeTimers({ now: at(29, 12) });
  lines.length = 0;
  options = new MemoryOptions();
  queue = new RecordingQueue();
  kv = new MemoryKv();
  watching = false;
  await options.update((o) => onlyThese(o, {}));
  scheduler = makeScheduler();
});

afterEach(() => {
  scheduler.stop();
  vi.useRealTimers();
});

const nextRuns = async (task: SchedulePrefix) =>
  (await scheduler.upcoming()).tasks
    .find((entry) => entry.task === task)
    ?.nextRuns.map((iso) => new Date(iso));

describe('TaskScheduler', () => {
  it("queues each task's job with its payload at the shown time", async () => {
    const window = { useRange: true, hourInterval: 1, hourStart: 13, hourEnd: 14, minuteStart: 5 };
    await options.update((o) => ({
      ...onlyThese(o, {
        rescrape: window,
        rescan: window,
        preview: window,
        actorRescrape: window,
        stashdbRescrape: window,
        linkScenes: window,
      }),
      advanced: { ...o.advanced, stashApiKey: 'key' },
    }));
    await scheduler.start();
    expect(await nextRuns('rescan')).toEqual([at(29, 13, 5), at(29, 14, 5), at(30, 13, 5)]);
    await vi.advanceTimersByTimeAsync(HOUR + 5 * MINUTE - 1000);
    expect(queue.queued).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.queued.map(({ name, payload }) => [name, payload])).toEqual([
      ['scrape', { site: '_enabled' }],
      ['rescan', {}],
      // Preview generation stops when its window closes (14:00 is the last hour: it ends at 15:00).
      ['preview-generate', { until: at(29, 15).toISOString() }],
      ['actor-scrape', { mode: 'pending' }],
      ['stashdb-run', {}],
      ['alternate-relink', {}],
    ]);
    expect(queue.queued.every((job) => job.at.getTime() === at(29, 13, 5).getTime())).toBe(true);
    expect(await nextRuns('rescan')).toEqual([at(29, 14, 5), at(30, 13, 5), at(30, 14, 5)]);
  });

  it('applies saved schedules at once, without a restart', async () => {
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 2, minuteStart: 30 } }),
    );
    await scheduler.start();
    // Every 2 hours from when it was first scheduled (12:00), at minute 30.
    expect(await nextRuns('rescan')).toEqual([at(29, 14, 30), at(29, 16, 30), at(29, 18, 30)]);
    const body = cronToTaskSchedule(options.get().cron);
    await scheduler.save({
      ...body,
      rescanUseRange: true,
      rescanHourStart: 22,
      rescanHourEnd: 26,
      rescanMinuteStart: 15,
    });
    expect(await nextRuns('rescan')).toEqual([at(29, 22, 15), at(30, 0, 15), at(30, 2, 15)]);
    // The old 14:30 run does not happen; the new 22:15 one does.
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(queue.queued).toEqual([]);
    await vi.advanceTimersByTimeAsync(7 * HOUR + 15 * MINUTE);
    expect(queue.queued.map((job) => [job.name, job.at.getHours(), job.at.getMinutes()])).toEqual([
      ['rescan', 22, 15],
    ]);
  });

  it('turning a task off clears its timer', async () => {
    await options.update((o) =>
      onlyThese(o, { linkScenes: { useRange: false, hourInterval: 1, minuteStart: 10 } }),
    );
    await scheduler.start();
    await options.update((o) => onlyThese(o, {}));
    expect(await nextRuns('linkScenes')).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(queue.queued).toEqual([]);
  });

  it('skips a turn while the same task is still queued or running, and keeps its rhythm', async () => {
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 2, minuteStart: 0 } }),
    );
    await scheduler.start();
    queue.active.add('rescan');
    expect((await scheduler.upcoming()).tasks.find((t) => t.task === 'rescan')?.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(queue.queued).toEqual([]);
    expect(lines).toContain('Scheduled Rescan skipped: the last one has not finished');
    expect((await scheduler.upcoming()).tasks.find((t) => t.task === 'rescan')?.lastRun).toBe(
      at(29, 14).toISOString(),
    );
    queue.active.delete('rescan');
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(queue.queued.map((job) => job.at.getHours())).toEqual([16]);
  });

  it('skips a turn while a scene is being played', async () => {
    await options.update((o) =>
      onlyThese(o, { rescrape: { useRange: false, hourInterval: 1, minuteStart: 0 } }),
    );
    await scheduler.start();
    watching = true;
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(queue.queued).toEqual([]);
    expect(lines).toContain('Scheduled Rescrape skipped: a scene is being played');
    watching = false;
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(queue.queued.map((job) => job.name)).toEqual(['scrape']);
  });

  it('does not start the StashDB rescrape without a key, and says so', async () => {
    await options.update((o) =>
      onlyThese(o, { stashdbRescrape: { useRange: false, hourInterval: 1, minuteStart: 0 } }),
    );
    await scheduler.start();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(queue.queued).toEqual([]);
    expect(
      lines.some((line) => line.startsWith('Scheduled StashDB rescrape skipped: No StashDB API key')),
    ).toBe(true);
  });

  it('runs a task once its start-up delay after start, then every N hours from that run', async () => {
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 3, minuteStart: 0, runAtStartDelay: 10 } }),
    );
    await scheduler.start();
    expect(await nextRuns('rescan')).toEqual([at(29, 12, 10), at(29, 16), at(29, 19)]);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(queue.queued.map((job) => job.at)).toEqual([at(29, 12, 10)]);
    expect(await nextRuns('rescan')).toEqual([at(29, 16), at(29, 19), at(29, 22)]);
  });

  it('keeps "every N hours" counting from the last run across a restart', async () => {
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 6, minuteStart: 0 } }),
    );
    await scheduler.start();
    await vi.advanceTimersByTimeAsync(6 * HOUR);
    expect(queue.queued.map((job) => job.at)).toEqual([at(29, 18)]);
    scheduler.stop();
    // Restarted 2 h 30 later: the next run is still 00:00, not six hours after the restart.
    vi.setSystemTime(at(29, 20, 30));
    scheduler = makeScheduler();
    await scheduler.start();
    expect(await nextRuns('rescan')).toEqual([at(30, 0), at(30, 6), at(30, 12)]);
  });

  it('first runs a task N hours after it was first scheduled, across restarts, anew after it was off', async () => {
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 3, minuteStart: 0 } }),
    );
    await scheduler.start();
    expect(await nextRuns('rescan')).toEqual([at(29, 15), at(29, 18), at(29, 21)]);
    scheduler.stop();
    vi.setSystemTime(at(29, 14));
    scheduler = makeScheduler();
    await scheduler.start();
    expect(await nextRuns('rescan')).toEqual([at(29, 15), at(29, 18), at(29, 21)]);
    // Off, then on again at 14:30: three hours from then.
    await options.update((o) => onlyThese(o, {}));
    vi.setSystemTime(at(29, 14, 30));
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 3, minuteStart: 0 } }),
    );
    expect(await nextRuns('rescan')).toEqual([at(29, 18), at(29, 21), at(30, 0)]);
  });

  it('a job that cannot be queued is logged and the next run is still set', async () => {
    await options.update((o) =>
      onlyThese(o, { rescan: { useRange: false, hourInterval: 1, minuteStart: 0 } }),
    );
    queue.enqueue = async () => {
      throw new Error('The server is shutting down; try again after it restarts.');
    };
    await scheduler.start();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(lines).toContain('Scheduled Rescan failed');
    expect(await nextRuns('rescan')).toEqual([at(29, 14), at(29, 15), at(29, 16)]);
  });
});
