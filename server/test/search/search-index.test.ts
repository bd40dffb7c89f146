import type { JobProgress } from '@fovea/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { Database } from '../../src/db/schema';
import { searchIndexJob } from '../../src/jobs/handlers/search-index.job';
import { JobAbortedError } from '../../src/jobs/job-definition';
import { Progress } from '../../src/jobs/progress';
import { SearchIndexRepository } from '../../src/repositories/search-index.repository';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import { searchClient } from './search-client';

let app: FoveaApp;
let db: Database;
let make: ReturnType<typeof libraryFactory>;
let client: ReturnType<typeof searchClient>;

/** Scenes added in bulk (more than one batch of the job). */
const BULK = 1203;

beforeAll(async () => {
  app = await createTestApp();
  db = app.database.db;
  make = libraryFactory(db);
  client = searchClient(app);
  const insert = app.database.sqlite.prepare('INSERT INTO scenes (scene_id, title) VALUES (?, ?)');
  app.database.sqlite.transaction(() => {
    for (let i = 1; i <= BULK; i++) insert.run(`bulk-${i}`, `Bulk scene ${i}`);
  })();
});

afterAll(() => app.close());

async function sceneCount(): Promise<number> {
  const row = await db
    .selectFrom('scenes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/scene/searchfields', () => {
  it('lists the fields of a scene as indexed', async () => {
    const volume = await make.volume();
    const id = await make.scene({
      title: 'Field Trip',
      site: 'FieldSite',
      synopsis: 'Out in the fields',
      scene_id: 'field-1',
      release_date: '2024-03-05',
      created_at: '2024-04-06T22:10:00.000Z',
      duration: 42,
      filenames_arr: '["field_trip.mp4"]',
    });
    await make.cast(id, await make.actor('Jane Fielder'));
    await make.file({ volume_id: volume, scene_id: id, path: '/lib', filename: 'Field.Trip.mp4' });
    expect(await client.fields(id)).toEqual([
      { fieldName: 'title', fieldValue: 'Field Trip' },
      { fieldName: 'cast', fieldValue: 'Jane Fielder JaneFielder' },
      { fieldName: 'site', fieldValue: 'FieldSite' },
      { fieldName: 'description', fieldValue: 'Out in the fields' },
      { fieldName: 'id', fieldValue: 'field-1' },
      { fieldName: 'released', fieldValue: '2024-03-05' },
      { fieldName: 'added', fieldValue: '2024-04-06' },
      { fieldName: 'duration', fieldValue: '42' },
      { fieldName: 'filenames', fieldValue: '/lib Field.Trip.mp4 field_trip.mp4' },
    ]);
  });

  it('gives an empty released value for an undated scene', async () => {
    const id = await make.scene({ title: 'Undated', release_date: null });
    expect(await client.fields(id)).toContainEqual({ fieldName: 'released', fieldValue: '' });
  });

  it('answers null for an unknown scene', async () => {
    expect(await client.fields(999999)).toBeNull();
    expect(await client.fields(0)).toBeNull();
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/scene/searchfields?q=abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', issues: [{ path: ['querystring', 'q'] }] });
  });

  it('answers the locked error while the index lock is held', async () => {
    const id = await make.scene({ title: 'Locked' });
    await db.insertInto('locks').values({ name: 'index', job_id: null }).execute();
    try {
      expect(await client.fields(id)).toEqual([
        { fieldName: 'Error', fieldValue: 'Search indexes locked - reindex in progress' },
      ]);
      expect(await client.state()).toMatchObject({ inProgress: true });
    } finally {
      await db.deleteFrom('locks').where('name', '=', 'index').execute();
    }
    expect(await client.fields(id)).toContainEqual({ fieldName: 'title', fieldValue: 'Locked' });
  });
});

describe('GET /api/options/state/search', () => {
  it('counts the documents and is idle when no index job waits or runs', async () => {
    expect(await client.state()).toEqual({ documentCount: await sceneCount(), inProgress: false });
  });

  it('is in progress while a search-index job is queued', async () => {
    const job = await db
      .insertInto('jobs')
      .values({ name: 'search-index', status: 'queued', payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await client.state()).inProgress).toBe(true);
    } finally {
      await db.deleteFrom('jobs').where('id', '=', job.id).execute();
    }
    expect((await client.state()).inProgress).toBe(false);
  });
});

describe('GET /api/task/index', () => {
  it('answers at once and rebuilds every document in batches, reporting progress', async () => {
    const total = await sceneCount();
    await sql`DELETE FROM scene_search`.execute(db);
    // A stale document of a scene that no longer exists, above every scene id.
    await sql`INSERT INTO scene_search (rowid, title) VALUES (9999999, 'Ghost document')`.execute(db);
    expect(await client.state()).toEqual({ documentCount: 1, inProgress: false });
    expect(await client.ids('bulk')).toEqual([]);

    const progress: JobProgress[] = [];
    const locks: boolean[] = [];
    const stop = app.events.subscribe((event) => {
      if (event.topic === 'job.progress' && event.payload.name === 'search-index')
        progress.push(event.payload);
      if (event.topic === 'lock.change' && event.payload.name === 'index') locks.push(event.payload.locked);
    });
    try {
      const response = await app.http.inject({ method: 'GET', url: '/api/task/index' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('null');
      await app.queue.idle();
    } finally {
      stop();
    }

    expect(await client.state()).toEqual({ documentCount: total, inProgress: false });
    expect(await client.ids('ghost')).toEqual([]);
    expect(await client.ids('"bulk scene 1203"')).toHaveLength(1);
    expect(locks).toEqual([true, false]);
    expect(progress.at(-1)).toMatchObject({ status: 'done', current: total, total, progress: 100 });
    const job = await db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'search-index')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', current: total, total, error: null });
  });

  it('stops between batches when the server shuts down', async () => {
    await sql`DELETE FROM scene_search`.execute(db);
    const controller = new AbortController();
    const job = searchIndexJob(new SearchIndexRepository(db), 100);
    const progress = new Progress(
      { id: 0, name: 'search-index', task: 'index' },
      {
        publish: (snapshot) => {
          if (snapshot.current >= 200) controller.abort();
        },
        persist: async () => undefined,
      },
      pino({ level: 'silent' }),
      { publishEveryMs: 0, persistEveryMs: 60_000, logEveryMs: 60_000 },
    );
    await expect(
      job.run({
        jobId: 0,
        payload: {},
        progress,
        signal: controller.signal,
        logger: pino({ level: 'silent' }),
      }),
    ).rejects.toBeInstanceOf(JobAbortedError);
    expect((await client.state()).documentCount).toBe(200);

    await client.reindex();
    await app.queue.idle();
    expect((await client.state()).documentCount).toBe(await sceneCount());
  });
});
