import type { Job, JobName, JobStatus, LockName } from '@fovea/contract';
import type { Database } from '../db/schema';

export interface JobRow {
  id: number;
  name: string;
  status: string;
  payload: string;
  current: number;
  total: number;
  message: string;
  error: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

function now(): string {
  return new Date().toISOString();
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    name: row.name as JobName,
    status: row.status as JobStatus,
    current: row.current,
    total: row.total,
    message: row.message,
    error: row.error,
    attempts: row.attempts,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** The persisted job queue and its named locks. */
export class JobRepository {
  constructor(private readonly db: Database) {}

  async insert(name: JobName, payload: string): Promise<JobRow> {
    return this.db
      .insertInto('jobs')
      .values({ name, payload, status: 'queued', created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async get(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A job of that name and payload that is still waiting, so the same work is not queued twice. */
  async findQueued(name: JobName, payload: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'queued')
      .where('name', '=', name)
      .where('payload', '=', payload)
      .orderBy('id')
      .executeTakeFirst();
  }

  async listQueued(): Promise<JobRow[]> {
    return this.db.selectFrom('jobs').selectAll().where('status', '=', 'queued').orderBy('id').execute();
  }

  async listRecent(limit: number): Promise<JobRow[]> {
    return this.db.selectFrom('jobs').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  /**
   * Takes the lock and marks the job running in one transaction; false when the lock is held, or when the job is
   * no longer queued (cancelled meanwhile).
   */
  async start(jobId: number, lock: LockName): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .insertInto('locks')
        .values({ name: lock, job_id: jobId, acquired_at: now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      const started = await trx
        .updateTable('jobs')
        .set((eb) => ({ status: 'running', started_at: now(), attempts: eb('attempts', '+', 1) }))
        .where('id', '=', jobId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(started.numUpdatedRows) > 0) return true;
      await trx.deleteFrom('locks').where('name', '=', lock).where('job_id', '=', jobId).execute();
      return false;
    });
  }

  /** Records the outcome and releases the lock in one transaction. */
  async finish(
    jobId: number,
    lock: LockName,
    outcome: { status: 'done' | 'failed' | 'cancelled'; error?: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('jobs')
        .set({ status: outcome.status, error: outcome.error ?? null, finished_at: now() })
        .where('id', '=', jobId)
        .execute();
      await trx.deleteFrom('locks').where('name', '=', lock).where('job_id', '=', jobId).execute();
    });
  }

  /** A job cancelled before it started: only while still queued (false when it has started meanwhile). */
  async cancelQueued(jobId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: now() })
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Queued and running jobs of one kind, oldest first. */
  async listActive(name: JobName): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', name)
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .execute();
  }

  async markFailed(jobId: number, error: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'failed', error, finished_at: now() })
      .where('id', '=', jobId)
      .execute();
  }

  /** Puts a job stopped by a shutdown back in the queue and releases its lock. */
  async requeue(jobId: number, lock: LockName): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('jobs')
        .set({ status: 'queued', started_at: null })
        .where('id', '=', jobId)
        .execute();
      await trx.deleteFrom('locks').where('name', '=', lock).where('job_id', '=', jobId).execute();
    });
  }

  async saveProgress(jobId: number, current: number, total: number, message: string): Promise<void> {
    await this.db.updateTable('jobs').set({ current, total, message }).where('id', '=', jobId).execute();
  }

  async heldLocks(): Promise<{ name: string; job_id: number | null }[]> {
    return this.db.selectFrom('locks').select(['name', 'job_id']).orderBy('name').execute();
  }

  /**
   * After a restart: every lock is released, and jobs that were running when the process stopped go back to
   * the queue once (a second interruption marks them failed, so a job that kills the process cannot loop).
   */
  async recoverAfterRestart(
    maxAttempts: number,
  ): Promise<{ releasedLocks: string[]; requeued: number; failed: number }> {
    return this.db.transaction().execute(async (trx) => {
      const locks = await trx.selectFrom('locks').select('name').execute();
      await trx.deleteFrom('locks').execute();
      const requeued = await trx
        .updateTable('jobs')
        .set({ status: 'queued', started_at: null })
        .where('status', '=', 'running')
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      const failed = await trx
        .updateTable('jobs')
        .set({ status: 'failed', error: 'interrupted by a restart too often', finished_at: now() })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return {
        releasedLocks: locks.map((lock) => lock.name),
        requeued: Number(requeued.numUpdatedRows),
        failed: Number(failed.numUpdatedRows),
      };
    });
  }

  /** Keeps the newest finished jobs only. */
  async pruneFinished(keep: number): Promise<void> {
    const cutoff = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['done', 'failed', 'cancelled'])
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (!cutoff) return;
    await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed', 'cancelled'])
      .where('id', '<=', cutoff.id)
      .execute();
  }
}
