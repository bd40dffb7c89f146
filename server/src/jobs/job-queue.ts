import type { Job, JobName, WsPayload, WsTopic } from '@fovea/contract';
import { BadRequestError, NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import { toJob, type JobRepository, type JobRow } from '../repositories/job.repository';
import { JobAbortedError, JobCancelledError, type JobDefinition } from './job-definition';
import { Progress, type ProgressTiming } from './progress';

export interface EventPublisher {
  publish<T extends WsTopic>(topic: T, payload: WsPayload<T>): void;
}

export interface JobQueueDeps {
  jobs: JobRepository;
  events: EventPublisher;
  logger: Logger;
  definitions: JobDefinition[];
  progressTiming: () => ProgressTiming;
}

interface RunningJob {
  name: JobName;
  payload: unknown;
  promise: Promise<void>;
  controller: AbortController;
  /** Stopped on request rather than by a shutdown: it ends `cancelled` instead of going back to the queue. */
  cancelled: boolean;
}

/** How the log and the navbar name a job that was cancelled. */
const JOB_TITLES: Record<JobName, string> = {
  'scene-refresh': 'Scene refresh',
  'search-index': 'Search index rebuild',
  rescan: 'Rescan',
  'preview-generate': 'Preview generation',
  scrape: 'Scrape',
  'bundle-backup': 'Backup',
  'bundle-restore': 'Restore',
  'xbvr-import': 'XBVR import',
  'stashdb-run': 'StashDB linking',
  'scrape-tpdb': 'TPDB import',
  'scrape-javr': 'JAV import',
  'actor-scrape': 'Actor scrape',
  'alternate-relink': 'Alternate-site linking',
};

const MAX_ATTEMPTS_AFTER_RESTART = 2;
const KEEP_FINISHED_JOBS = 500;
/** How often cancel looks again for a job that is between queued and running. */
const MAX_CANCEL_LOOKS = 100;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The persisted job queue. Jobs run in the background, each holding its named lock; jobs that need a held
 * lock wait their turn. A job that throws is logged, reported and marked failed; the server keeps running.
 */
export class JobQueue {
  private readonly definitions = new Map<JobName, JobDefinition>();
  private readonly running = new Map<number, RunningJob>();
  private pumping = false;
  private pumpAgain = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private readonly endWaiters = new Map<number, (() => void)[]>();

  constructor(private readonly deps: JobQueueDeps) {
    for (const definition of deps.definitions) this.definitions.set(definition.name, definition);
  }

  /** Releases the locks a previous process left, re-queues its interrupted jobs, and starts working. */
  async start(): Promise<void> {
    const recovered = await this.deps.jobs.recoverAfterRestart(MAX_ATTEMPTS_AFTER_RESTART);
    for (const name of recovered.releasedLocks) {
      this.deps.events.publish('lock.change', {
        name: name as WsPayload<'lock.change'>['name'],
        locked: false,
      });
    }
    if (recovered.releasedLocks.length > 0 || recovered.requeued > 0 || recovered.failed > 0) {
      this.deps.logger.info(recovered, 'released the locks and jobs of the previous run');
    }
    await this.deps.jobs.pruneFinished(KEEP_FINISHED_JOBS);
    void this.pump();
  }

  /** Queues a job (or returns the identical one already waiting) and returns at once. */
  async enqueue(name: JobName, payload: unknown = {}): Promise<Job> {
    if (this.stopped) throw new BadRequestError('The server is shutting down; try again after it restarts.');
    const definition = this.definitions.get(name);
    if (!definition) throw new BadRequestError(`Unknown job ${name}`);
    const text = JSON.stringify(definition.payload.parse(payload));
    const row = (await this.deps.jobs.findQueued(name, text)) ?? (await this.deps.jobs.insert(name, text));
    void this.pump();
    return toJob(row);
  }

  /** Whether a job of this kind is queued or running (a schedule does not start a second one). */
  async hasActive(name: JobName): Promise<boolean> {
    return (await this.deps.jobs.listActive(name)).length > 0;
  }

  get runningCount(): number {
    return this.running.size;
  }

  /** Resolves when nothing runs and nothing waits (for tests and shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.running.size === 0 && !this.pumping && (await this.deps.jobs.listQueued()).length === 0)
        return;
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  /**
   * Resolves with the job once it has ended (done or failed), for a call that must answer with the job's result
   * (a backup with download=true). A job stopped by a shutdown stays queued, so this waits past it.
   */
  async waitFor(jobId: number): Promise<Job> {
    for (;;) {
      const ended = new Promise<void>((resolve) => {
        this.endWaiters.set(jobId, [...(this.endWaiters.get(jobId) ?? []), resolve]);
      });
      const row = await this.deps.jobs.get(jobId);
      if (!row) throw new BadRequestError(`No job ${jobId}`);
      if (row.status === 'done' || row.status === 'failed' || row.status === 'cancelled') {
        this.endWaiters.delete(jobId);
        return toJob(row);
      }
      await ended;
    }
  }

  /**
   * Cancels a job: a queued one never starts; a running one is asked to stop at its next safe point (between
   * transactions) and waited for. Resolves with the job as it ended; a job that had already ended is left as it is.
   */
  async cancel(jobId: number): Promise<Job> {
    for (let look = 0; ; look += 1) {
      const running = this.running.get(jobId);
      if (running) {
        running.cancelled = true;
        running.controller.abort(new JobCancelledError());
        await running.promise;
        break;
      }
      const row = await this.deps.jobs.get(jobId);
      if (!row) throw new NotFoundError(`No job ${jobId}`);
      // Ended, or marked running by no job of this process (another server on the same file): left as it is.
      if ((row.status !== 'queued' && row.status !== 'running') || look >= MAX_CANCEL_LOOKS)
        return toJob(row);
      if (row.status === 'queued' && (await this.deps.jobs.cancelQueued(jobId))) {
        this.publishCancelledQueued(row);
        break;
      }
      // It started (or is just ending) meanwhile: let the queue settle, then look again.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const ended = await this.deps.jobs.get(jobId);
    if (!ended) throw new NotFoundError(`No job ${jobId}`);
    return toJob(ended);
  }

  /**
   * Cancels every queued and running job of a kind whose payload `matches`, and waits for them to stop (removing
   * a storage location first stops the rescans that would write into it). Resolves with how many were cancelled.
   */
  async cancelWhere(name: JobName, matches: (payload: unknown) => boolean): Promise<number> {
    const ids = new Set<number>();
    for (const [id, job] of this.running) if (job.name === name && matches(job.payload)) ids.add(id);
    for (const row of await this.deps.jobs.listActive(name)) {
      if (matches(parsePayload(row.payload))) ids.add(row.id);
    }
    const ended = await Promise.all([...ids].map((id) => this.cancel(id)));
    return ended.filter((job) => job.status === 'cancelled').length;
  }

  /** Asks running jobs to stop at their next safe point and waits for them (at most `timeoutMs`). */
  async stop(timeoutMs = 10000): Promise<void> {
    this.stopped = true;
    for (const job of this.running.values()) job.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.running.values()].map((job) => job.promise)), timeout]);
    clearTimeout(timer);
  }

  private publishCancelledQueued(row: JobRow): void {
    const definition = this.definitions.get(row.name as JobName);
    if (definition) {
      this.deps.events.publish('job.progress', {
        jobId: row.id,
        name: definition.name,
        task: definition.task,
        status: 'cancelled',
        current: 0,
        total: 0,
        progress: 0,
        message: `${JOB_TITLES[definition.name]} cancelled before it started`,
      });
    }
    this.wakeEndWaiters(row.id);
    this.wakeIdleWaiters();
  }

  private wakeEndWaiters(jobId: number): void {
    const waiters = this.endWaiters.get(jobId) ?? [];
    this.endWaiters.delete(jobId);
    for (const wake of waiters) wake();
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  private async pump(): Promise<void> {
    if (this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        for (const row of await this.deps.jobs.listQueued()) {
          if (this.stopped) return;
          const definition = this.definitions.get(row.name as JobName);
          if (!definition) {
            await this.deps.jobs.markFailed(row.id, `unknown job ${row.name}`);
            continue;
          }
          if (await this.deps.jobs.start(row.id, definition.lock)) this.launch(row, definition);
        }
      } while (this.pumpAgain && !this.stopped);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'the job queue could not start a job');
    } finally {
      this.pumping = false;
      this.wakeIdleWaiters();
    }
  }

  private launch(row: JobRow, definition: JobDefinition): void {
    const { events, jobs } = this.deps;
    const logger = this.deps.logger.child({ task: definition.task, jobId: row.id });
    const controller = new AbortController();
    const timing = this.deps.progressTiming();
    const progress = new Progress(
      { id: row.id, name: definition.name, task: definition.task },
      {
        publish: (snapshot) => events.publish('job.progress', snapshot),
        persist: (current, total, message) => jobs.saveProgress(row.id, current, total, message),
      },
      this.deps.logger,
      timing,
    );
    events.publish('lock.change', { name: definition.lock, locked: true });

    const entry: RunningJob = {
      name: definition.name,
      payload: parsePayload(row.payload),
      promise: Promise.resolve(),
      controller,
      cancelled: false,
    };

    const run = async (): Promise<void> => {
      let outcome: 'done' | 'failed' | 'requeued' | 'cancelled' = 'done';
      let failure: string | undefined;
      try {
        const payload = definition.payload.parse(JSON.parse(row.payload));
        await progress.flush('running');
        await definition.run({ jobId: row.id, payload, progress, signal: controller.signal, logger });
        // A handler that swallowed the stop (a request aborted mid-way) still ends as cancelled.
        if (entry.cancelled) outcome = 'cancelled';
      } catch (error) {
        if (entry.cancelled) {
          outcome = 'cancelled';
        } else if (error instanceof JobAbortedError) {
          outcome = 'requeued';
          logger.info(`${definition.name} stopped for shutdown; it resumes after the restart`);
        } else {
          outcome = 'failed';
          failure = errorMessage(error);
          logger.error({ err: error }, `${definition.name} failed: ${failure}`);
        }
      }
      try {
        if (outcome === 'requeued') {
          await jobs.requeue(row.id, definition.lock);
        } else if (outcome === 'cancelled') {
          progress.log(`${JOB_TITLES[definition.name]} cancelled`);
          await progress.flush('cancelled');
          await jobs.finish(row.id, definition.lock, { status: 'cancelled' });
        } else {
          await progress.flush(outcome);
          await jobs.finish(row.id, definition.lock, {
            status: outcome,
            ...(failure ? { error: failure } : {}),
          });
        }
      } catch (error) {
        logger.error({ err: error }, `could not record the end of ${definition.name}`);
      } finally {
        this.running.delete(row.id);
        events.publish('lock.change', { name: definition.lock, locked: false });
        this.wakeEndWaiters(row.id);
        void this.pump();
        this.wakeIdleWaiters();
      }
    };
    this.running.set(row.id, entry);
    entry.promise = run();
  }
}

/** A stored payload as data, for matching in cancelWhere; a row that does not parse matches as `{}`. */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}
