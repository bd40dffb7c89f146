import {
  SCHEDULE_KEY_BY_PREFIX,
  SCHEDULE_PREFIXES,
  taskScheduleToCron,
  type JobName,
  type Options,
  type SchedulePrefix,
  type ScheduleOptions,
  type TaskScheduleBody,
  type TaskScheduleRunsResponse,
} from '@fovea/contract';
import { Cron } from 'croner';
import type { Logger } from '../logging/logger';
import { nextRunTimes, schedulePlan, windowEnd } from './schedule-plan';
import type { ScheduleRunState, ScheduleRunStore, TaskTimes } from './schedule-run.store';
import { SCHEDULED_TASKS } from './scheduled-tasks';

/** The options the scheduler reads and saves (OptionsService). */
export interface ScheduleOptionsSource {
  get(): Options;
  update(change: (options: Options) => Options): Promise<Options>;
  onChange(listener: (options: Options) => void): () => void;
}

/** The part of the job queue the scheduler uses. */
export interface ScheduleQueue {
  enqueue(name: JobName, payload: unknown): Promise<unknown>;
  /** A job of this kind is queued or running. */
  hasActive(name: JobName): Promise<boolean>;
}

export interface TaskSchedulerDeps {
  options: ScheduleOptionsSource;
  queue: ScheduleQueue;
  runs: ScheduleRunStore;
  /** A scene is being played: scheduled work waits for its next turn (xbvr-facts §8.5). */
  isWatching: () => boolean;
  logger: Logger;
  now?: () => Date;
}

/** How many upcoming run times Options → Task Schedules shows. */
export const SHOWN_RUNS = 3;

const sameTime = (a: Date | null | undefined, b: Date | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && a.getTime() === b.getTime();

/**
 * The six task schedules of Options → Task Schedules. Each enabled task has one timer (a croner one-shot) at
 * its next run time; when it fires the task's job is queued (unless one is still queued or running, or a scene
 * is being played: the turn is then skipped), the run is recorded, and the next timer is set. Saving schedules
 * rebuilds the timers at once (the reference needs a restart). A task's start-up run (runAtStartDelay minutes
 * after start) is one of its run times too. Nothing here throws into the process: failures are logged.
 */
export class TaskScheduler {
  private readonly timers = new Map<SchedulePrefix, Cron>();
  private state: ScheduleRunState = { lastRuns: {}, since: {} };
  private loaded: Promise<void> | null = null;
  private startedAt: Date | null = null;
  private readonly startupDone = new Set<SchedulePrefix>();
  private cronText = '';
  private unsubscribe: (() => void) | null = null;
  private readonly now: () => Date;

  constructor(private readonly deps: TaskSchedulerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Reads the last runs and sets every enabled task's timer (at server start). */
  async start(): Promise<void> {
    if (this.startedAt) return;
    await this.ensureLoaded();
    this.startedAt = this.now();
    this.cronText = JSON.stringify(this.deps.options.get().cron);
    this.unsubscribe = this.deps.options.onChange((options) => {
      const text = JSON.stringify(options.cron);
      if (text === this.cronText) return;
      this.cronText = text;
      this.rebuild();
    });
    this.rebuild();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
    this.startedAt = null;
  }

  /** POST /api/options/task-schedule: saves the six schedules; the timers follow at once. Answers the body. */
  async save(body: TaskScheduleBody): Promise<TaskScheduleBody> {
    await this.deps.options.update((options) => ({ ...options, cron: taskScheduleToCron(body) }));
    return body;
  }

  /** GET /api/options/task-schedule/runs: when each task runs next, when it last ran, whether it is busy. */
  async upcoming(): Promise<TaskScheduleRunsResponse> {
    await this.ensureLoaded();
    const tasks = await Promise.all(
      SCHEDULE_PREFIXES.map(async (task) => ({
        task,
        enabled: this.schedule(task).enabled,
        nextRuns: this.nextRuns(task, SHOWN_RUNS).map((at) => at.toISOString()),
        lastRun: this.state.lastRuns[task]?.toISOString() ?? null,
        busy: await this.deps.queue.hasActive(SCHEDULED_TASKS[task].job),
      })),
    );
    return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, tasks };
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.deps.runs.load().then(
      (state) => {
        this.state = state;
      },
      (error: unknown) => {
        this.deps.logger.warn({ err: error }, 'the last scheduled runs could not be read');
      },
    );
    return this.loaded;
  }

  private schedule(task: SchedulePrefix): ScheduleOptions {
    return this.deps.options.get().cron[SCHEDULE_KEY_BY_PREFIX[task]];
  }

  /** A task's start-up run (runAtStartDelay minutes after start, once) while it has not run; null for none. */
  private startupRun(task: SchedulePrefix, schedule: ScheduleOptions): Date | null {
    if (!this.startedAt || this.startupDone.has(task) || schedule.runAtStartDelay <= 0) return null;
    return new Date(this.startedAt.getTime() + schedule.runAtStartDelay * 60_000);
  }

  /** The start-up run still to come: one whose time has passed unrun (the task was off then) never comes. */
  private pendingStartup(task: SchedulePrefix, schedule: ScheduleOptions): Date | null {
    const at = this.startupRun(task, schedule);
    return at && at.getTime() > this.now().getTime() ? at : null;
  }

  /** The next `count` run times of a task, the start-up run included; none when it is off. */
  private nextRuns(task: SchedulePrefix, count: number): Date[] {
    const schedule = this.schedule(task);
    if (!schedule.enabled) return [];
    const plan = schedulePlan(schedule);
    const startup = this.pendingStartup(task, schedule);
    if (plan.everyHours !== null) {
      // Counted from the last run, which the start-up run will be; before the first run, from when the task was
      // first scheduled (as the reference's "@every" counts from its start).
      if (startup) return [startup, ...nextRunTimes(plan, startup, startup, count - 1)];
      const from = this.state.lastRuns[task] ?? this.state.since[task] ?? this.now();
      return nextRunTimes(plan, this.now(), from, count);
    }
    const regular = nextRunTimes(plan, this.now(), null, count);
    if (!startup) return regular;
    const merged = [startup, ...regular.filter((at) => !sameTime(at, startup))];
    return merged.sort((a, b) => a.getTime() - b.getTime()).slice(0, count);
  }

  private rebuild(): void {
    const since: TaskTimes = {};
    for (const task of SCHEDULE_PREFIXES) {
      if (this.schedule(task).enabled) since[task] = this.state.since[task] ?? this.now();
    }
    if (JSON.stringify(since) !== JSON.stringify(this.state.since)) {
      this.state = { ...this.state, since };
      this.saveState();
    }
    for (const task of SCHEDULE_PREFIXES) this.arm(task);
  }

  private saveState(): void {
    this.deps.runs.save(this.state).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, 'the scheduled runs could not be saved');
    });
  }

  /** (Re)sets a task's timer to its next run time. */
  private arm(task: SchedulePrefix): void {
    this.timers.get(task)?.stop();
    this.timers.delete(task);
    if (!this.startedAt) return;
    const next = this.nextRuns(task, 1)[0];
    if (!next) return;
    const timer = new Cron(next, { unref: true }, () => {
      void this.fire(task, next);
    });
    this.timers.set(task, timer);
  }

  private async fire(task: SchedulePrefix, at: Date): Promise<void> {
    const schedule = this.schedule(task);
    if (sameTime(this.startupRun(task, schedule), at)) this.startupDone.add(task);
    try {
      await this.runTask(task, schedule, at);
    } catch (error) {
      this.deps.logger.error(
        { err: error, schedule: task },
        `Scheduled ${SCHEDULED_TASKS[task].title} failed`,
      );
    }
    this.state = { ...this.state, lastRuns: { ...this.state.lastRuns, [task]: at } };
    this.saveState();
    this.arm(task);
  }

  private async runTask(task: SchedulePrefix, schedule: ScheduleOptions, at: Date): Promise<void> {
    const scheduled = SCHEDULED_TASKS[task];
    const { logger } = this.deps;
    if (!schedule.enabled) return;
    const blocked = scheduled.blockedBy?.(this.deps.options.get()) ?? null;
    if (blocked) {
      logger.warn({ schedule: task }, `Scheduled ${scheduled.title} skipped: ${blocked}`);
      return;
    }
    if (this.deps.isWatching()) {
      logger.info({ schedule: task }, `Scheduled ${scheduled.title} skipped: a scene is being played`);
      return;
    }
    if (await this.deps.queue.hasActive(scheduled.job)) {
      logger.info({ schedule: task }, `Scheduled ${scheduled.title} skipped: the last one has not finished`);
      return;
    }
    await this.deps.queue.enqueue(scheduled.job, scheduled.payload(windowEnd(schedule, at)));
    logger.info({ schedule: task }, `Scheduled ${scheduled.title} started`);
  }
}
