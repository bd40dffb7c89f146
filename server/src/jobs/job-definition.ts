import type { JobName, JobTask, LockName } from '@fovea/contract';
import type { z } from 'zod';
import type { Logger } from '../logging/logger';
import type { Progress } from './progress';

export interface JobContext<P> {
  jobId: number;
  payload: P;
  progress: Progress;
  /** Aborted when the server shuts down: stop at the next safe point (between transactions). */
  signal: AbortSignal;
  logger: Logger;
}

export interface JobDefinition<P = unknown> {
  name: JobName;
  /** The named lock the job holds while it runs. */
  lock: LockName;
  /** The task label of its log lines (the navbar's Files line shows 'rescan', Data shows 'scrape'). */
  task: JobTask;
  payload: z.ZodType<P>;
  run(context: JobContext<P>): Promise<void>;
}

/** Lets a registry hold definitions with different payload types. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<unknown> {
  return definition as JobDefinition<unknown>;
}

export class JobAbortedError extends Error {
  constructor() {
    super('stopped because the server is shutting down');
    this.name = 'JobAbortedError';
  }
}

/** The abort reason of a job the owner cancelled (a shutdown aborts with none). */
export class JobCancelledError extends Error {
  constructor() {
    super('cancelled by the owner');
    this.name = 'JobCancelledError';
  }
}

/** Whether a job's signal was aborted by the owner's cancel rather than by a shutdown. */
export const wasCancelled = (signal: AbortSignal): boolean => signal.reason instanceof JobCancelledError;

/** Throws when the job has been asked to stop; call it between units of work. */
export function throwIfAborted(signal: AbortSignal): void {
  if (!signal.aborted) return;
  throw wasCancelled(signal) ? new JobCancelledError() : new JobAbortedError();
}
