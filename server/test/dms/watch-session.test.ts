import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { HistoryRepository } from '../../src/repositories/history.repository';
import { WatchSessionService, type WatchSessionOptions } from '../../src/services/watch-session.service';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let base: string;
let mediaDir: string;
let make: ReturnType<typeof libraryFactory>;
let volume: number;

beforeAll(async () => {
  app = await createTestApp();
  base = await app.http.listen({ host: '127.0.0.1', port: 0 });
  mediaDir = makeTempDir('fovea-media-');
  make = libraryFactory(app.database.db);
  volume = await make.volume({ path: mediaDir });
});

afterAll(async () => {
  await app.close();
  removeTempDir(mediaDir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

let fileCount = 0;
/** A scene (unless `scene` is null) with a file of 20 kB on disk; answers both ids. */
async function sceneWithFile(
  type: 'video' | 'script' = 'video',
  scene: number | null | undefined = undefined,
): Promise<{ scene: number; file: number }> {
  const sceneId = scene === undefined ? await make.scene() : scene;
  const filename = `watch-${++fileCount}.${type === 'video' ? 'mp4' : 'funscript'}`;
  writeFileSync(join(mediaDir, filename), randomBytes(20_000));
  const file = await make.file({ volume_id: volume, path: mediaDir, filename, type, scene_id: sceneId });
  return { scene: sceneId ?? 0, file };
}

async function play(fileId: number, init: RequestInit = {}, query = ''): Promise<number> {
  const response = await fetch(`${base}/api/dms/file/${fileId}${query}`, init);
  await response.arrayBuffer();
  return response.status;
}

const histories = (sceneId: number) =>
  app.database.db.selectFrom('histories').selectAll().where('scene_id', '=', sceneId).orderBy('id').execute();
const sceneRow = (sceneId: number) =>
  app.database.db.selectFrom('scenes').selectAll().where('id', '=', sceneId).executeTakeFirstOrThrow();
const allHistories = async () =>
  Number(
    (
      await app.database.db
        .selectFrom('histories')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Ends the app's session as if a minute had passed (polling: a response's stream closes just after its last byte). */
const endAppSession = async (sceneId: number) => {
  await expect
    .poll(async () => {
      await app.watchSessions.flushIdle(new Date(Date.now() + 61_000));
      return (await histories(sceneId)).at(-1)?.time_end ?? null;
    })
    .not.toBeNull();
};

describe('playing a file through /api/dms/file', () => {
  it('starts one session for many range requests, sets last_opened, and ends it after the dead time', async () => {
    const { scene, file } = await sceneWithFile();
    expect(await play(file)).toBe(200);
    await pause(10);
    const ranges = await Promise.all(
      ['bytes=0-999', 'bytes=1000-', 'bytes=-100', 'bytes=5000-5999'].map((range) =>
        play(file, { headers: { range } }),
      ),
    );
    expect(ranges).toEqual([206, 206, 206, 206]);
    await pause(10);
    expect(await play(file, { headers: { range: 'bytes=0-1' } }, `/${scene} - Title.mp4`)).toBe(206);

    const open = await histories(scene);
    expect(open).toHaveLength(1);
    expect(open[0]?.time_end).toBeNull();
    const opened = await sceneRow(scene);
    expect(opened.last_opened).toBe(open[0]?.time_start);
    expect(opened.is_watched).toBe(0);

    await endAppSession(scene);
    const [ended] = await histories(scene);
    expect(ended?.duration).toBeGreaterThan(0);
    expect(Date.parse(ended?.time_end ?? '')).toBeGreaterThan(Date.parse(ended?.time_start ?? ''));
    expect((await sceneRow(scene)).is_watched).toBe(1);

    // Playing again after the session ended is a new session.
    await play(file);
    expect(await histories(scene)).toHaveLength(2);
    await endAppSession(scene);
  });

  it('ends the session of the previous scene when another scene starts', async () => {
    const first = await sceneWithFile();
    const second = await sceneWithFile();
    await play(first.file);
    await play(second.file);
    expect((await histories(first.scene))[0]?.time_end).not.toBeNull();
    expect((await sceneRow(first.scene)).is_watched).toBe(1);
    expect((await histories(second.scene))[0]?.time_end).toBeNull();
    await endAppSession(second.scene);
  });

  it('records nothing for dnt=true, HEAD, unmatched files or scripts', async () => {
    const before = await allHistories();
    const private_ = await sceneWithFile();
    expect(await play(private_.file, {}, '?dnt=true')).toBe(200);
    expect(await play(private_.file, { headers: { range: 'bytes=0-9' } }, '/name.mp4?dnt=true')).toBe(206);
    expect(await play(private_.file, { method: 'HEAD' })).toBe(200);
    const unmatched = await sceneWithFile('video', null);
    expect(await play(unmatched.file)).toBe(200);
    const script = await sceneWithFile('script');
    expect(await play(script.file)).toBe(200);

    expect(await allHistories()).toBe(before);
    expect((await sceneRow(private_.scene)).last_opened).toBeNull();
    expect((await sceneRow(script.scene)).last_opened).toBeNull();
  });
});

describe('WatchSessionService', () => {
  const service = (options: WatchSessionOptions) =>
    new WatchSessionService(
      new HistoryRepository(app.database.db),
      app.sceneStatus,
      app.logger.logger,
      options,
    );

  it('measures the session from its start to its last activity and adds it to the watch time', async () => {
    const scene = await make.scene();
    await make.history(scene, 30);
    let now = Date.parse('2024-05-01T10:00:00.000Z');
    const sessions = service({ now: () => new Date(now), deadAfterMs: 60_000 });
    const first = await sessions.touch(scene);
    now += 90_000; // the first response still streams when the player seeks
    const second = await sessions.touch(scene);
    first();
    now += 30_000;
    second();
    now += 59_999;
    await sessions.flushIdle();
    expect((await histories(scene)).at(-1)?.time_end).toBeNull();
    now += 1;
    await sessions.flushIdle();

    const rows = await histories(scene);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      time_start: '2024-05-01T10:00:00.000Z',
      time_end: '2024-05-01T10:02:00.000Z',
      duration: 120,
    });
    expect(await sceneRow(scene)).toMatchObject({ is_watched: 1, total_watch_time: 150 });
  });

  it('keeps a session alive while a response of it is still streaming', async () => {
    const scene = await make.scene();
    let now = 0;
    const sessions = service({ now: () => new Date(now), deadAfterMs: 1_000 });
    const release = await sessions.touch(scene);
    now = 10_000;
    await sessions.flushIdle();
    expect((await histories(scene))[0]?.time_end).toBeNull();
    release();
    now = 11_000;
    await sessions.flushIdle();
    expect((await histories(scene))[0]).toMatchObject({ duration: 10 });
  });

  it('ends dead sessions by its timer, and the open one when stopped', async () => {
    const timed = await make.scene();
    const sessions = service({ deadAfterMs: 30, checkEveryMs: 10 });
    sessions.start();
    (await sessions.touch(timed))();
    await expect.poll(async () => (await histories(timed))[0]?.time_end ?? null).not.toBeNull();
    expect((await sceneRow(timed)).is_watched).toBe(1);

    const stopped = await make.scene();
    const release = await sessions.touch(stopped);
    await sessions.stop();
    release();
    expect((await histories(stopped))[0]?.time_end).not.toBeNull();
    expect((await sceneRow(stopped)).is_watched).toBe(1);
  });
});
