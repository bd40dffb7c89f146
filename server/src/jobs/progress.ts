import type { JobName, JobProgress, JobTask } from '@fovea/contract';
import type { Logger } from '../logging/logger';

export interface ProgressSinks {
  /** Live progress to the websocket (job.progress); called at most every `publishEveryMs`. */
  publish(progress: JobProgress): void;
  /** Persists progress to the job row; called at most every `persistEveryMs`. */
  persist(current: number, total: number, message: string): Promise<void>;
}

export interface ProgressTiming {
  publishEveryMs: number;
  persistEveryMs: number;
  /** Log lines (service.log, shown in the navbar) at most this often, besides explicit messages. */
  logEveryMs: number;
  now?: () => number;
}

/**
 * The one progress reporter a job handler gets: counts, messages and throttled publishing. Messages passed
 * to `log` always reach the log (and so the navbar); counts are published at a bounded rate.
 */
export class Progress {
  private current = 0;
  private total = 0;
  private message = '';
  private lastPublish = 0;
  private lastPersist = 0;
  private lastLog = 0;
  private readonly now: () => number;

  constructor(
    private readonly job: { id: number; name: JobName; task: JobTask },
    private readonly sinks: ProgressSinks,
    private readonly logger: Logger,
    private readonly timing: ProgressTiming,
  ) {
    this.now = timing.now ?? Date.now;
  }

  get percent(): number {
    return this.total > 0 ? Math.min(100, Math.floor((this.current * 100) / this.total)) : 0;
  }

  snapshot(status: JobProgress['status']): JobProgress {
    return {
      jobId: this.job.id,
      name: this.job.name,
      task: this.job.task,
      status,
      current: this.current,
      total: this.total,
      progress: this.percent,
      message: this.message,
    };
  }

  setTotal(total: number): void {
    this.total = Math.max(0, Math.floor(total));
    this.emit(false);
  }

  /** Starts a new phase of the job (e.g. reading, then writing): the count goes back to 0 of `total`. */
  restart(total: number, message: string): void {
    this.current = 0;
    this.total = Math.max(0, Math.floor(total));
    this.message = message;
    this.emit(true);
  }

  /** Sets the count (clamped to the total); `message` is shown as the job's current step. */
  moveTo(current: number, message?: string): void {
    this.current = Math.max(0, Math.min(this.total || Number.MAX_SAFE_INTEGER, Math.floor(current)));
    if (message !== undefined) this.message = message;
    this.emit(false);
  }

  /** Moves the count forward; `message` is shown as the job's current step. */
  advance(by = 1, message?: string): void {
    this.current = Math.min(this.total || Number.MAX_SAFE_INTEGER, this.current + by);
    if (message !== undefined) this.message = message;
    this.emit(false);
  }

  /** A line for the log and the navbar status, with the job's task and progress attached. */
  log(message: string, level: 'info' | 'warn' | 'error' = 'info'): void {
    this.message = message;
    this.lastLog = this.now();
    this.logger[level](this.logFields(), message);
    this.emit(true);
  }

  /** Publishes and persists now (used at start and end of a job). */
  async flush(status: JobProgress['status']): Promise<void> {
    this.lastPublish = this.now();
    this.lastPersist = this.now();
    this.sinks.publish(this.snapshot(status));
    await this.sinks.persist(this.current, this.total, this.message);
  }

  /** What every log line of the job carries, so the navbar can route and show it. */
  private logFields() {
    return {
      task: this.job.task,
      jobId: this.job.id,
      progress: this.percent,
      current: this.current,
      total: this.total,
    };
  }

  private emit(force: boolean): void {
    const at = this.now();
    if (force || at - this.lastPublish >= this.timing.publishEveryMs) {
      this.lastPublish = at;
      this.sinks.publish(this.snapshot('running'));
    }
    if (at - this.lastPersist >= this.timing.persistEveryMs) {
      this.lastPersist = at;
      void this.sinks.persist(this.current, this.total, this.message).catch(() => undefined);
    }
    if (!force && this.total > 0 && at - this.lastLog >= this.timing.logEveryMs) {
      this.lastLog = at;
      this.logger.info(this.logFields(), `${this.message || this.job.name} (${this.current}/${this.total})`);
    }
  }
}
