import type { Job, JobName, WsPayload, WsTopic } from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import { toJob, type JobRepository, type JobRow } from '../repositories/job.repository';
import { JobAbortedError, type JobDefinition } from './job-definition';
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
  promise: Promise<void>;
  controller: AbortController;
}

const MAX_ATTEMPTS_AFTER_RESTART = 2;
const KEEP_FINISHED_JOBS = 500;

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
      if (row.status === 'done' || row.status === 'failed') {
        this.endWaiters.delete(jobId);
        return toJob(row);
      }
      await ended;
    }
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

    const run = async (): Promise<void> => {
      let outcome: 'done' | 'failed' | 'requeued' = 'done';
      let failure: string | undefined;
      try {
        const payload = definition.payload.parse(JSON.parse(row.payload));
        await progress.flush('running');
        await definition.run({ jobId: row.id, payload, progress, signal: controller.signal, logger });
      } catch (error) {
        if (error instanceof JobAbortedError) {
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
        const waiters = this.endWaiters.get(row.id) ?? [];
        this.endWaiters.delete(row.id);
        for (const wake of waiters) wake();
        void this.pump();
        this.wakeIdleWaiters();
      }
    };
    this.running.set(row.id, { promise: run(), controller });
  }
}
