import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { ReadWorker } from '../../src/db/read-worker';
import { SceneSetRepository } from '../../src/repositories/scene-list/scene-set.repository';
import { bitmapOf } from '../../src/scene-sets/scene-bitmap';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/* The read worker: a read-only connection on its own thread that reads sets of scene ids beside the main one. */

let app: FoveaApp;
let ids: number[];

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  ids = [];
  for (let i = 0; i < 70; i++)
    ids.push(await make.scene({ favourite: i % 3 === 0 ? 1 : 0, site: `Site ${i % 4}` }));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const favourites = sql`SELECT s.id AS scene_id FROM scenes s WHERE s.favourite = 1`;
const siteTwo = sql`SELECT s.id AS scene_id FROM scenes s WHERE s.site = ${'Site 2'}`;
const capacity = () => Math.max(...ids) + 1;

describe('the read worker', () => {
  it('reads the same scenes as the main connection, committed writes included', async () => {
    const withWorker = new SceneSetRepository(app.database.db, app.database.readWorker);
    const here = new SceneSetRepository(app.database.db);
    await sql`UPDATE scenes SET favourite = 1 WHERE id = ${ids[1] ?? 0}`.execute(app.database.db);
    const [a, b] = await withWorker.bitmapsOf([favourites, siteTwo], capacity());
    expect(a).toEqual(bitmapOf(await here.idsOf(favourites), capacity()));
    expect(b).toEqual(bitmapOf(await here.idsOf(siteTwo), capacity()));
    expect(b).toEqual(
      bitmapOf(
        ids.filter((_id, i) => i % 4 === 2),
        capacity(),
      ),
    );
  });

  it('tells a watcher of each statement it is sent', async () => {
    const seen: string[] = [];
    const worker = app.database.readWorker;
    worker.onStatement = ({ sql: text }) => seen.push(text);
    try {
      await new SceneSetRepository(app.database.db, worker).bitmapsOf(
        [favourites, siteTwo, favourites],
        capacity(),
      );
    } finally {
      worker.onStatement = null;
    }
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((text) => text.startsWith('SELECT json_group_array(q.scene_id)'))).toBe(true);
  });

  it('rejects a statement it cannot run, and keeps working', async () => {
    const worker = app.database.readWorker;
    await expect(worker.bitmap({ sql: 'SELECT nope FROM nowhere', parameters: [] }, 8)).rejects.toThrow(
      /nowhere/,
    );
    expect(worker.available).toBe(true);
    const compiled = sql`SELECT json_group_array(q.scene_id) FROM (${siteTwo}) q`.compile(app.database.db);
    expect(await worker.bitmap(compiled, capacity())).toHaveLength(Math.ceil(capacity() / 32));
  });

  it('once stopped, refuses work, and the sets are read on the main connection instead', async () => {
    const worker = new ReadWorker(app.database.file);
    await worker.close();
    expect(worker.available).toBe(false);
    await expect(worker.bitmap({ sql: 'SELECT 1', parameters: [] }, 8)).rejects.toThrow(/closed/);
    const repo = new SceneSetRepository(app.database.db, worker);
    const [a] = await repo.bitmapsOf([favourites, siteTwo], capacity());
    expect(a).toEqual(bitmapOf(await repo.idsOf(favourites), capacity()));
  });
});
