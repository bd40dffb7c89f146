import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WatchReportBody } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { HistoryRepository } from '../../src/repositories/history.repository';
import { ReportedWatchService, type ReportedWatchOptions } from '../../src/services/reported-watch.service';
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
  mediaDir = makeTempDir('fovea-watch-');
  make = libraryFactory(app.database.db);
  volume = await make.volume({ path: mediaDir });
});

afterAll(async () => {
  await app.close();
  removeTempDir(mediaDir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

let count = 0;
/** A scene with one video file of `duration` seconds (0: not probed), 20 kB on disk. */
async function sceneWithClip(duration = 600): Promise<{ scene: number; file: number }> {
  const scene = await make.scene();
  const filename = `reported-${++count}.mp4`;
  writeFileSync(join(mediaDir, filename), randomBytes(20_000));
  const file = await make.file({ volume_id: volume, path: mediaDir, filename, scene_id: scene, duration });
  return { scene, file };
}

const histories = (sceneId: number) =>
  app.database.db.selectFrom('histories').selectAll().where('scene_id', '=', sceneId).orderBy('id').execute();
const sceneRow = (sceneId: number) =>
  app.database.db.selectFrom('scenes').selectAll().where('id', '=', sceneId).executeTakeFirstOrThrow();

/** The service with a clock the test moves. */
function clocked(options: ReportedWatchOptions = {}) {
  const clock = { now: Date.parse('2024-06-01T12:00:00.000Z') };
  const service = new ReportedWatchService(
    new HistoryRepository(app.database.db),
    app.sceneStatus,
    app.logger.logger,
    { now: () => new Date(clock.now), ...options },
  );
  return { service, clock };
}

describe('ReportedWatchService', () => {
  it('records 20 s of reported play as one session of 20 s, ending at end', async () => {
    const { scene, file } = await sceneWithClip();
    const { service, clock } = clocked();
    const report = (event: WatchReportBody['event'], position: number) =>
      service.report(scene, { session_id: 'tab-one-1', file_id: file, event, position });
    expect(await report('play', 0)).toMatchObject({ active: true, played: 0 });
    for (let second = 5; second <= 20; second += 5) {
      clock.now += 5_000;
      await report('progress', second);
    }
    clock.now += 100; // the end report arrives a moment after the last frame
    expect(await report('end', 20)).toMatchObject({ active: false, played: 20 });

    const rows = await histories(scene);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      time_start: '2024-06-01T12:00:00.000Z',
      time_end: '2024-06-01T12:00:20.100Z',
      duration: 20,
    });
    expect(await sceneRow(scene)).toMatchObject({
      is_watched: 1,
      total_watch_time: 20,
      last_opened: '2024-06-01T12:00:00.000Z',
    });
  });

  it('counts pauses and jumps as nothing, and a stall only as the position moved', async () => {
    const { scene, file } = await sceneWithClip();
    const { service, clock } = clocked();
    const report = (event: WatchReportBody['event'], position: number, from?: number) =>
      service.report(scene, {
        session_id: 'tab-two-2',
        file_id: file,
        event,
        position,
        ...(from === undefined ? {} : { from }),
      });
    await report('play', 100);
    clock.now += 10_000;
    await report('seek', 400, 110); // 10 s played, then a jump of 290 s
    clock.now += 5_000;
    expect(await report('pause', 405)).toMatchObject({ active: true, played: 15 });
    // Paused rows are saved at once, so the history shows them.
    expect((await histories(scene))[0]).toMatchObject({ duration: 15, time_end: '2024-06-01T12:00:15.000Z' });
    clock.now += 120_000; // a long pause, still under the threshold
    await report('seek', 50); // a jump while paused adds nothing
    await report('play', 50);
    clock.now += 30_000; // the video stalled: 30 s passed, 12 s played
    expect(await report('pause', 62)).toMatchObject({ played: 27 });
    expect(await histories(scene)).toHaveLength(1);
  });

  it('never records more than the clip length, from the file or else from the player', async () => {
    const short = await sceneWithClip(4);
    const { service, clock } = clocked();
    await service.report(short.scene, {
      session_id: 'short-clip',
      file_id: short.file,
      event: 'play',
      position: 0,
    });
    clock.now += 58_000; // the tab was left open on the ended clip
    await service.report(short.scene, {
      session_id: 'short-clip',
      file_id: short.file,
      event: 'progress',
      position: 58,
    });
    expect(
      await service.report(short.scene, {
        session_id: 'short-clip',
        file_id: short.file,
        event: 'end',
        position: 4,
      }),
    ).toMatchObject({ played: 4 });
    expect((await histories(short.scene))[0]?.duration).toBe(4);

    const unprobed = await sceneWithClip(0);
    const base = { session_id: 'unprobed', file_id: unprobed.file };
    await service.report(unprobed.scene, { ...base, event: 'play', position: 0, duration: 6 });
    clock.now += 9_000;
    await service.report(unprobed.scene, { ...base, event: 'end', position: 9 });
    expect((await histories(unprobed.scene))[0]?.duration).toBe(6);
  });

  it('ends a session after a long pause, or when a playing player falls silent (counting up to its last report)', async () => {
    const paused = await sceneWithClip();
    const silent = await sceneWithClip();
    const { service, clock } = clocked({ pausedAfterMs: 60_000, silentAfterMs: 45_000 });
    const p = { session_id: 'paused-tab', file_id: paused.file };
    const s = { session_id: 'silent-tab', file_id: silent.file };
    await service.report(paused.scene, { ...p, event: 'play', position: 0 });
    await service.report(silent.scene, { ...s, event: 'play', position: 0 });
    clock.now += 10_000;
    await service.report(paused.scene, { ...p, event: 'pause', position: 10 });
    await service.report(silent.scene, { ...s, event: 'progress', position: 10 });
    clock.now += 44_999;
    await service.flushIdle();
    expect((await sceneRow(silent.scene)).is_watched).toBe(0);
    clock.now += 1;
    await service.flushIdle();
    expect((await histories(silent.scene))[0]).toMatchObject({
      duration: 10,
      time_end: '2024-06-01T12:00:10.000Z',
    });
    expect((await sceneRow(silent.scene)).is_watched).toBe(1);
    expect((await sceneRow(paused.scene)).is_watched).toBe(0);
    clock.now += 15_000;
    await service.flushIdle();
    expect((await sceneRow(paused.scene)).is_watched).toBe(1);

    // Playing on after the session ended starts a new one.
    await service.report(paused.scene, { ...p, event: 'play', position: 10 });
    expect(await histories(paused.scene)).toHaveLength(2);
    await service.stop();
    expect((await histories(paused.scene))[1]?.time_end).not.toBeNull();
  });

  it('starts a new session for another file, ignores reports without one, and keeps a bounded number open', async () => {
    const first = await sceneWithClip();
    const second = await sceneWithClip();
    const { service } = clocked({ maxSessions: 1 });
    expect(
      await service.report(first.scene, {
        session_id: 'no-session',
        file_id: first.file,
        event: 'pause',
        position: 3,
      }),
    ).toEqual({ active: false, history_id: 0, played: 0 });
    expect(await histories(first.scene)).toHaveLength(0);

    await service.report(first.scene, {
      session_id: 'same-tab',
      file_id: first.file,
      event: 'play',
      position: 0,
    });
    await service.report(second.scene, {
      session_id: 'same-tab',
      file_id: second.file,
      event: 'play',
      position: 0,
    });
    expect((await histories(first.scene))[0]?.time_end).not.toBeNull();
    await service.report(first.scene, {
      session_id: 'other-tab',
      file_id: first.file,
      event: 'play',
      position: 0,
    });
    expect((await histories(second.scene))[0]?.time_end).not.toBeNull();
    await service.stop();
  });
});

describe('POST /api/scene/{id}/watch', () => {
  const post = (sceneId: number, body: unknown) =>
    fetch(`${base}/api/scene/${sceneId}/watch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('records a reported session in the scene answer; the dnt stream of the player records no other', async () => {
    const { scene, file } = await sceneWithClip();
    const body = { session_id: 'browser-tab-1', file_id: file };
    const played = await post(scene, { ...body, event: 'play', position: 0 });
    expect(played.status).toBe(200);
    expect(await played.json()).toMatchObject({ active: true, history_id: expect.any(Number) });
    // The web player's stream, while it reports.
    const stream = await fetch(`${base}/api/dms/file/${file}?dnt=true`, {
      headers: { range: 'bytes=0-999' },
    });
    expect(stream.status).toBe(206);
    await stream.arrayBuffer();
    await pause(300);
    const ended = await post(scene, { ...body, event: 'end', position: 0.3 });
    const answer = (await ended.json()) as { played: number };
    expect(answer.played).toBeGreaterThan(0.2);
    expect(answer.played).toBeLessThanOrEqual(0.3);

    const read = await app.http.inject({ method: 'GET', url: `/api/scene/${scene}` });
    const history = read.json<{ history: { duration: number; time_start: string }[] }>().history;
    expect(history).toHaveLength(1);
    expect(history[0]?.duration).toBe(answer.played);
  });

  it('leaves the byte-range inference on for a player that reports nothing', async () => {
    const { scene, file } = await sceneWithClip();
    const stream = await fetch(`${base}/api/dms/file/${file}`, { headers: { range: 'bytes=0-999' } });
    await stream.arrayBuffer();
    expect(await histories(scene)).toHaveLength(1);
    await app.watchSessions.flushIdle(new Date(Date.now() + 61_000));
  });

  it('refuses an unknown scene, a file of another scene and malformed reports, recording nothing', async () => {
    const { scene, file } = await sceneWithClip();
    const other = await sceneWithClip();
    const good = { session_id: 'browser-tab-2', file_id: file, event: 'play', position: 0 };
    expect((await post(999_999, good)).status).toBe(404);
    const wrongFile = await post(scene, { ...good, file_id: other.file });
    expect(wrongFile.status).toBe(400);
    expect(await wrongFile.json()).toMatchObject({ issues: [{ path: ['body', 'file_id'] }] });
    for (const bad of [
      { ...good, event: 'rewind' },
      { ...good, position: -1 },
      { ...good, session_id: 'short' },
      { ...good, session_id: 'x'.repeat(65) },
      { ...good, session_id: 'has space in it' },
      { ...good, position: 2_000_000 },
    ]) {
      expect((await post(scene, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await histories(scene)).toHaveLength(0);
  });

  it('takes a report sent as the player sends it on leaving the page (keepalive JSON, same origin)', async () => {
    const { scene, file } = await sceneWithClip();
    const host = new URL(base).host;
    const headers = {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      origin: `http://${host}`,
    };
    const body = JSON.stringify({ session_id: 'leaving-tab', file_id: file, event: 'play', position: 0 });
    expect((await fetch(`${base}/api/scene/${scene}/watch`, { method: 'POST', headers, body })).status).toBe(
      200,
    );
    const foreign = { ...headers, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    const refused = await fetch(`${base}/api/scene/${scene}/watch`, {
      method: 'POST',
      headers: foreign,
      body,
    });
    expect(refused.status).toBe(403);
  });
});
