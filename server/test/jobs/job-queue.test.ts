import { join } from 'node:path';
import type { JobName, WsPayload, WsTopic } from '@fovea/contract';
import pino from 'pino';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { defineJob, throwIfAborted, type JobDefinition } from '../../src/jobs/job-definition';
import { JobQueue } from '../../src/jobs/job-queue';
import { JobRepository } from '../../src/repositories/job.repository';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

interface Published {
  topic: WsTopic;
  payload: unknown;
}

let dir: string;
let opened: OpenedDatabase;
let jobs: JobRepository;
let published: Published[];
let logLines: { level: number; msg: string; task?: string }[];
let queue: JobQueue | undefined;

const name = (value: string) => value as JobName;

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
    {
      write: (line: string) =>
        logLines.push(JSON.parse(line) as { level: number; msg: string; task?: string }),
    },
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

function lockEvents() {
  return published.filter((event) => event.topic === 'lock.change').map((event) => event.payload);
}

const emptyPayload = z.object({}).strict();

describe('JobQueue', () => {
  it('runs a job under its lock, reports progress, and records it as done', async () => {
    const seen: number[] = [];
    const q = makeQueue([
      defineJob({
        name: name('count'),
        lock: 'index',
        task: 'index',
        payload: z.object({ upTo: z.number() }),
        async run({ payload, progress }) {
          progress.setTotal(payload.upTo);
          for (let i = 1; i <= payload.upTo; i++) {
            seen.push(i);
            progress.advance(1, `step ${i}`);
          }
          progress.log('Counted');
        },
      }),
    ]);
    await q.start();
    const job = await q.enqueue(name('count'), { upTo: 3 });
    await q.idle();

    expect(seen).toEqual([1, 2, 3]);
    expect(lockEvents()).toEqual([
      { name: 'index', locked: true },
      { name: 'index', locked: false },
    ]);
    const progress = published
      .filter((event) => event.topic === 'job.progress')
      .map((event) => event.payload);
    expect(progress.at(-1)).toMatchObject({
      jobId: job.id,
      status: 'done',
      current: 3,
      total: 3,
      progress: 100,
    });
    expect(logLines.some((line) => line.msg === 'Counted' && line.task === 'index')).toBe(true);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'done', current: 3, total: 3, error: null });
    expect(await jobs.heldLocks()).toEqual([]);
  });

  it('logs and reports a job that throws, marks it failed, and keeps working', async () => {
    const q = makeQueue([
      defineJob({
        name: name('broken'),
        lock: 'scrape',
        task: 'scrape',
        payload: emptyPayload,
        run: () => Promise.reject(new Error('site changed its layout')),
      }),
      defineJob({
        name: name('fine'),
        lock: 'scrape',
        task: 'scrape',
        payload: emptyPayload,
        run: async () => {},
      }),
    ]);
    await q.start();
    const broken = await q.enqueue(name('broken'));
    const fine = await q.enqueue(name('fine'));
    await q.idle();

    expect(await jobs.get(broken.id)).toMatchObject({ status: 'failed', error: 'site changed its layout' });
    expect(await jobs.get(fine.id)).toMatchObject({ status: 'done' });
    expect(logLines.some((line) => line.level === 50 && line.msg.includes('site changed its layout'))).toBe(
      true,
    );
    expect(
      published.some(
        (event) =>
          event.topic === 'job.progress' && (event.payload as { status: string }).status === 'failed',
      ),
    ).toBe(true);
  });

  it('runs jobs that share a lock one after another, and others alongside', async () => {
    const order: string[] = [];
    let releaseFirst: () => void = () => {};
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    const q = makeQueue([
      defineJob({
        name: name('first'),
        lock: 'rescan',
        task: 'rescan',
        payload: emptyPayload,
        async run() {
          order.push('first:start');
          await firstMayEnd;
          order.push('first:end');
        },
      }),
      defineJob({
        name: name('second'),
        lock: 'rescan',
        task: 'rescan',
        payload: emptyPayload,
        run: async () => void order.push('second'),
      }),
      defineJob({
        name: name('other'),
        lock: 'previews',
        task: 'previews',
        payload: emptyPayload,
        run: async () => void order.push('other'),
      }),
    ]);
    await q.start();
    await q.enqueue(name('first'));
    await q.enqueue(name('second'));
    await q.enqueue(name('other'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['first:start', 'other']);
    releaseFirst();
    await q.idle();
    expect(order).toEqual(['first:start', 'other', 'first:end', 'second']);
  });

  it('does not queue the same waiting job twice', async () => {
    const q = makeQueue([
      defineJob({
        name: name('once'),
        lock: 'index',
        task: 'index',
        payload: emptyPayload,
        run: async () => {},
      }),
    ]);
    const a = await q.enqueue(name('once'));
    const b = await q.enqueue(name('once'));
    expect(b.id).toBe(a.id);
  });

  it('refuses unknown jobs and invalid payloads', async () => {
    const q = makeQueue([
      defineJob({
        name: name('typed'),
        lock: 'index',
        task: 'index',
        payload: z.object({ n: z.number() }),
        run: async () => {},
      }),
    ]);
    await expect(q.enqueue(name('nope'))).rejects.toThrow('Unknown job nope');
    await expect(q.enqueue(name('typed'), { n: 'x' })).rejects.toThrow();
  });

  it('releases locks left by a previous run and resumes its interrupted job', async () => {
    const row = await jobs.insert(name('resumable'), '{}');
    expect(await jobs.start(row.id, 'heatmaps')).toBe(true);
    let ran = 0;
    const q = makeQueue([
      defineJob({
        name: name('resumable'),
        lock: 'heatmaps',
        task: 'heatmaps',
        payload: emptyPayload,
        run: async () => void ran++,
      }),
    ]);
    await q.start();
    await q.idle();
    expect(lockEvents()[0]).toEqual({ name: 'heatmaps', locked: false });
    expect(ran).toBe(1);
    expect(await jobs.get(row.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('stops a running job at its next safe point on shutdown and queues it again', async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const q = makeQueue([
      defineJob({
        name: name('long'),
        lock: 'previews',
        task: 'previews',
        payload: emptyPayload,
        async run({ signal }) {
          started();
          for (;;) {
            await new Promise((resolve) => setTimeout(resolve, 5));
            throwIfAborted(signal);
          }
        },
      }),
    ]);
    await q.start();
    const job = await q.enqueue(name('long'));
    await running;
    await q.stop(2000);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'queued' });
    expect(await jobs.heldLocks()).toEqual([]);
  });
});
