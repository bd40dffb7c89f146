import { OptionsStateResponse } from '@fovea/contract';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { searchIndexJob } from '../../src/jobs/handlers/search-index.job';
import { Progress } from '../../src/jobs/progress';
import { SearchIndexRepository } from '../../src/repositories/search-index.repository';
import { IMAGE_HOST_MAP, makeFixtures, startImageServer, type ImageServer } from '../img/image-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { searchClient } from '../search/search-client';

let app: FoveaApp;
let host: ImageServer;
let client: ReturnType<typeof searchClient>;

/** More scenes than one batch of the reindex job (500). */
const SCENES = 1203;

beforeAll(async () => {
  host = await startImageServer(await makeFixtures());
  app = await createTestApp({ imageHostMap: IMAGE_HOST_MAP });
  client = searchClient(app);
  const insert = app.database.sqlite.prepare('INSERT INTO scenes (scene_id, title) VALUES (?, ?)');
  app.database.sqlite.transaction(() => {
    for (let i = 1; i <= SCENES; i++) insert.run(`cache-${i}`, `Cache scene ${i}`);
  })();
});

afterAll(async () => {
  await app.close();
  await host.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function cacheSizes() {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/state' });
  expect(response.statusCode).toBe(200);
  return OptionsStateResponse.parse(response.json()).currentState.cacheSize;
}

const reset = (kind: string) =>
  app.http.inject({ method: 'DELETE', url: `/api/options/cache/reset/${kind}` });

/** Files below a folder (relative names). */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function hasPreview(sceneId: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('scenes')
    .select('has_preview')
    .where('scene_id', '=', sceneId)
    .executeTakeFirstOrThrow();
  return row.has_preview;
}

describe('DELETE /api/options/cache/reset/{kind}', () => {
  it('images: removes the cached images and heatmap thumbnails; they are fetched again when shown', async () => {
    for (const name of ['photo.jpg', 'tiny.png']) {
      expect(
        (await app.http.inject({ method: 'GET', url: `/img/700x/${host.origin}/${name}` })).statusCode,
      ).toBe(200);
    }
    const thumbnails = join(app.paths.images, 'heatmap-thumbnails');
    mkdirSync(thumbnails, { recursive: true });
    writeFileSync(join(thumbnails, '7.png'), Buffer.alloc(2048));
    // Measured before the reset (the figures are then kept for hours, until a reset or the refresh interval).
    expect((await cacheSizes()).images).toBeGreaterThan(2048);
    const fetched = host.requests.length;

    const response = await reset('images');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    expect(filesBelow(app.paths.images)).toEqual([]);
    expect((await cacheSizes()).images).toBe(0);

    const again = await app.http.inject({ method: 'GET', url: `/img/700x/${host.origin}/photo.jpg` });
    expect(again.statusCode).toBe(200);
    expect(host.requests.length).toBe(fetched + 1);
    expect(filesBelow(app.paths.images).length).toBeGreaterThan(0);
  });

  it('previews: removes every clip and marks the scenes as without a preview', async () => {
    for (const name of ['cache-1.mp4', 'cache-2.mp4', 'test0123456789abcdef0123456789abcdef01234567.mp4']) {
      writeFileSync(join(app.paths.previews, name), Buffer.alloc(4096));
    }
    await app.sceneStatus.refreshScenes(await sceneIds(['cache-1', 'cache-2']));
    expect(await hasPreview('cache-1')).toBe(1);
    // Every reset measures again: an images reset makes the figures fresh, the clips included.
    expect((await reset('images')).statusCode).toBe(200);
    expect((await cacheSizes()).previews).toBe(3 * 4096);

    expect((await reset('previews')).statusCode).toBe(200);
    expect(readdirSync(app.paths.previews)).toEqual([]);
    expect(await hasPreview('cache-1')).toBe(0);
    expect(await hasPreview('cache-2')).toBe(0);
    expect((await cacheSizes()).previews).toBe(0);
  });

  it('previews: refused while preview generation runs, and nothing is deleted', async () => {
    writeFileSync(join(app.paths.previews, 'cache-3.mp4'), Buffer.alloc(1024));
    const job = await app.database.db
      .insertInto('jobs')
      .values({ name: 'preview-generate', status: 'running', payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const response = await reset('previews');
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/Preview generation is running/);
      expect(readdirSync(app.paths.previews)).toEqual(['cache-3.mp4']);
    } finally {
      await app.database.db.deleteFrom('jobs').where('id', '=', job.id).execute();
    }
  });

  it('searchIndex: empties the index and rebuilds it at once', async () => {
    expect(await client.state()).toEqual({ documentCount: SCENES, inProgress: false });
    const index = new SearchIndexRepository(app.database.db);
    const fullBytes = await index.sizeBytes();

    // Emptied: the repository step alone (the route queues the rebuild right after it).
    await index.clear();
    expect(await index.documentCount()).toBe(0);
    expect(await index.sizeBytes()).toBeLessThan(fullBytes / 2);
    await client.reindex();
    await app.queue.idle();

    expect((await reset('searchIndex')).statusCode).toBe(200);
    await app.queue.idle();
    expect(await client.state()).toEqual({ documentCount: SCENES, inProgress: false });
    expect(await client.ids('"cache scene 1203"')).toHaveLength(1);
    // The index made again still follows every write.
    await app.database.db
      .updateTable('scenes')
      .set({ title: 'Renamed after reset' })
      .where('scene_id', '=', 'cache-7')
      .execute();
    expect(await client.ids('"renamed after reset"')).toHaveLength(1);
    const jobs = await app.database.db
      .selectFrom('jobs')
      .select(['name', 'status'])
      .where('name', '=', 'search-index')
      .execute();
    expect(jobs.at(-1)).toEqual({ name: 'search-index', status: 'done' });
  });

  it('quick find keeps answering while the index is rebuilt', async () => {
    const answers: Promise<number[]>[] = [];
    const progress = new Progress(
      { id: 0, name: 'search-index', task: 'index' },
      {
        // Between two batches: a scene of a batch not rebuilt yet is still found.
        publish: (snapshot) => {
          if (snapshot.current === 500) answers.push(client.ids('"cache scene 1200"'));
        },
        persist: async () => undefined,
      },
      pino({ level: 'silent' }),
      { publishEveryMs: 0, persistEveryMs: 60_000, logEveryMs: 60_000 },
    );
    await searchIndexJob(new SearchIndexRepository(app.database.db), 500).run({
      jobId: 0,
      payload: {},
      progress,
      signal: new AbortController().signal,
      logger: pino({ level: 'silent' }),
    });
    expect(answers).toHaveLength(1);
    expect(await answers[0]).toHaveLength(1);
  });

  it('refuses an unknown kind', async () => {
    const response = await reset('everything');
    expect(response.statusCode).toBe(400);
  });
});

async function sceneIds(sceneIds: string[]): Promise<number[]> {
  const rows = await app.database.db
    .selectFrom('scenes')
    .select('id')
    .where('scene_id', 'in', sceneIds)
    .execute();
  return rows.map((row) => row.id);
}
