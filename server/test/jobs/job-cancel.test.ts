import { join } from 'node:path';
import type { JobName, JobProgress, WsPayload, WsTopic } from '@fovea/contract';
import pino from 'pino';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { defineJob, throwIfAborted, type JobDefinition } from '../../src/jobs/job-definition';
import { JobQueue } from '../../src/jobs/job-queue';
import { JobRepository } from '../../src/repositories/job.repository';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
let opened: OpenedDatabase;
let jobs: JobRepository;
let published: { topic: WsTopic; payload: unknown }[];
let logLines: { level: number; msg: string; task?: string }[];
let queue: JobQueue | undefined;

beforeEach(async () => {
  dir = makeTempDir();
  opened = openDatabase(join(dir, 'fovea.db'));
  await migrateToLatest({ opened, backupDir: join(dir, 'backups') });
  jobs = new JobRepository(opened.db);
  published = [];
  logLines = [];
});

afterEach(async () => {
  await queue?.stop(1000);
  queue = undefined;
  await opened.close();
  removeTempDir(dir);
});

function makeQueue(definitions: JobDefinition[]): JobQueue {
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => logLines.push(JSON.parse(line) as (typeof logLines)[number]) },
  );
  queue = new JobQueue({
    jobs,
    events: {
      publish<T extends WsTopic>(topic: T, payload: WsPayload<T>) {
        published.push({ topic, payload });
      },
    },
    logger,
    definitions,
    progressTiming: () => ({ publishEveryMs: 0, persistEveryMs: 0, logEveryMs: 60_000 }),
  });
  return queue;
}

function progressOf(jobId: number): JobProgress[] {
  return published
    .filter((event) => event.topic === 'job.progress')
    .map((event) => event.payload as JobProgress)
    .filter((progress) => progress.jobId === jobId);
}

/** A rescan-like job that counts units of work until it is stopped; `started` resolves on its first unit. */
function endlessRescan(units: number[], onStart: () => void, swallow = false) {
  return defineJob({
    name: 'rescan',
    lock: 'rescan',
    task: 'rescan',
    payload: z.object({ volumeId: z.number().optional() }).strict(),
    async run({ signal, progress }) {
      progress.setTotal(1_000_000);
      for (let unit = 1; ; unit += 1) {
        try {
          throwIfAborted(signal);
        } catch (error) {
          // Some handlers turn a stop into a normal return (an aborted download, say).
          if (swallow) return;
          throw error;
        }
        units.push(unit);
        progress.advance(1, `Scanning unit ${unit}`);
        if (unit === 1) onStart();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  });
}

function started(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('JobQueue.cancel', () => {
  it('stops a running job at its next safe point, records it cancelled and reports it', async () => {
    const units: number[] = [];
    const first = started();
    const q = makeQueue([endlessRescan(units, first.resolve)]);
    await q.start();
    const job = await q.enqueue('rescan', {});
    await first.promise;

    const ended = await q.cancel(job.id);
    const countAtEnd = units.length;
    await q.idle();

    expect(ended).toMatchObject({ id: job.id, status: 'cancelled', error: null });
    expect(ended.finished_at).not.toBeNull();
    expect(units.length).toBe(countAtEnd);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'cancelled' });
    expect(await jobs.heldLocks()).toEqual([]);
    expect(progressOf(job.id).at(-1)).toMatchObject({ status: 'cancelled', message: 'Rescan cancelled' });
    expect(logLines.some((line) => line.msg === 'Rescan cancelled' && line.task === 'rescan')).toBe(true);
    // A cancel is no failure: nothing at error level.
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(published.filter((event) => event.topic === 'lock.change').at(-1)?.payload).toEqual({
      name: 'rescan',
      locked: false,
    });
  });

  it('records a job that swallowed the stop as cancelled, not done', async () => {
    const first = started();
    const q = makeQueue([endlessRescan([], first.resolve, true)]);
    await q.start();
    const job = await q.enqueue('rescan', {});
    await first.promise;
    expect((await q.cancel(job.id)).status).toBe('cancelled');
  });

  it('cancels a queued job before it starts, and the next one still runs', async () => {
    const units: number[] = [];
    const first = started();
    const q = makeQueue([endlessRescan(units, first.resolve)]);
    await q.start();
    const running = await q.enqueue('rescan', {});
    await first.promise;
    // Same lock: this one waits behind the running one.
    const waiting = await q.enqueue('rescan', { volumeId: 7 });

    expect(await q.cancel(waiting.id)).toMatchObject({ status: 'cancelled', started_at: null });
    expect(progressOf(waiting.id).at(-1)).toMatchObject({ status: 'cancelled' });
    expect(await q.cancel(running.id)).toMatchObject({ status: 'cancelled' });
    await q.idle();
    expect((await jobs.get(waiting.id))?.attempts).toBe(0);
  });

  it('leaves an ended job as it is and refuses an unknown id with 404', async () => {
    const q = makeQueue([
      defineJob({
        name: 'search-index' as JobName,
        lock: 'index',
        task: 'index',
        payload: z.object({}).strict(),
        async run() {},
      }),
    ]);
    await q.start();
    const job = await q.enqueue('search-index');
    await q.idle();
    expect(await q.cancel(job.id)).toMatchObject({ status: 'done' });
    await expect(q.cancel(9999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('cancelWhere stops only the jobs whose payload matches', async () => {
    const first = started();
    const q = makeQueue([endlessRescan([], first.resolve)]);
    await q.start();
    const all = await q.enqueue('rescan', {});
    await first.promise;
    const other = await q.enqueue('rescan', { volumeId: 2 });
    const mine = await q.enqueue('rescan', { volumeId: 1 });

    const count = await q.cancelWhere('rescan', (payload) => {
      const target = (payload as { volumeId?: number }).volumeId;
      return target === undefined || target === 1;
    });
    expect(count).toBe(2);
    expect((await jobs.get(all.id))?.status).toBe('cancelled');
    expect((await jobs.get(mine.id))?.status).toBe('cancelled');
    // The other location's rescan is untouched: it starts once the lock is free.
    expect(['queued', 'running']).toContain((await jobs.get(other.id))?.status);
  });

  it('a shutdown still puts a running job back in the queue (only a cancel ends it)', async () => {
    const first = started();
    const q = makeQueue([endlessRescan([], first.resolve)]);
    await q.start();
    const job = await q.enqueue('rescan', {});
    await first.promise;
    await q.stop(2000);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'queued' });
  });
});
