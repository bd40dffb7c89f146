import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { testPreviewName } from '../../src/services/preview.service';
import { libraryFactory } from '../factories/library.factory';
import { FFPROBE, makeClip } from '../fixtures/media-fixtures';
import { createTestApp } from '../helpers/test-app';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const run = promisify(execFile);

const SETTINGS = { startTime: 5, snippetLength: 1, snippetAmount: 2, resolution: 320, extraSnippet: false };

async function probe(file: string): Promise<{ width: number; height: number; duration: number }> {
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { width: number; height: number }[];
    format: { duration: string };
  };
  return {
    width: parsed.streams[0]?.width ?? 0,
    height: parsed.streams[0]?.height ?? 0,
    duration: Number(parsed.format.duration),
  };
}

/** Resolves with the first published event that `match` accepts. */
function nextEvent<T>(app: FoveaApp, match: (event: RealtimeEvent) => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const stop = app.events.subscribe((event) => {
      const found = match(event);
      if (found === undefined) return;
      stop();
      resolve(found);
    });
  });
}

describe('previews', () => {
  let app: FoveaApp;
  let clips: string;
  const events: RealtimeEvent[] = [];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await createTestApp();
    app.events.subscribe((event) => events.push(event));
    clips = makeTempDir('fovea-preview-clips-');
    await Promise.all([
      makeClip(join(clips, 'flat.mp4'), { width: 480, height: 270, fps: '25', seconds: 10, codec: 'h264' }),
      makeClip(join(clips, 'sbs.mp4'), { width: 640, height: 320, fps: '30', seconds: 10, codec: 'h264' }),
      makeClip(join(clips, 'tb.mp4'), { width: 320, height: 320, fps: '30', seconds: 10, codec: 'hevc' }),
    ]);
    writeFileSync(join(clips, 'junk.mp4'), 'not a video');
  }, 60_000);

  afterAll(async () => {
    await app.close();
    removeTempDir(clips);
  });

  it('logs a test preview failure on service.log when no scene has a video on disk', async () => {
    const logged = nextEvent(app, (event) =>
      event.topic === 'service.log' && event.payload.message.startsWith('Test preview')
        ? event.payload
        : undefined,
    );
    const answer = await app.http.inject({
      method: 'POST',
      url: '/api/options/previews/test',
      payload: SETTINGS,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('null');
    const line = await logged;
    expect(line.level).toBe('error');
    expect(line.message).toMatch(/no available scene has a video file on disk/);
    expect(line.data?.task).toBe('previews');
  });

  it('generates a preview per available scene without one, holding the previews lock', async () => {
    const f = libraryFactory(app.database.db);
    const volume = await f.volume({ path: clips });
    const scene = async (
      key: string,
      release: string,
      files: { filename: string; projection?: string }[],
    ) => {
      const id = await f.scene({ scene_id: `pv-${key}`, release_date: release });
      for (const file of files) await f.file({ volume_id: volume, scene_id: id, path: clips, ...file });
      ids[key] = id;
    };
    await scene('flat', '2024-01-01', [{ filename: 'flat.mp4', projection: 'flat' }]);
    await scene('sbs', '2024-03-01', [{ filename: 'sbs.mp4', projection: '180_sbs' }]);
    await scene('tb', '2024-02-01', [{ filename: 'tb.mp4', projection: '180_tb' }]);
    await scene('missing', '2024-04-01', [{ filename: 'gone.mp4', projection: 'flat' }]);
    await scene('junk', '2024-05-01', [{ filename: 'junk.mp4', projection: 'flat' }]);
    await app.sceneStatus.refreshScenes(Object.values(ids));
    await app.options.update((options) => ({
      ...options,
      library: { ...options.library, preview: { ...options.library.preview, ...SETTINGS } },
    }));
    events.length = 0;

    const answer = await app.http.inject({ method: 'GET', url: '/api/task/preview/generate' });
    expect(answer.statusCode).toBe(200);
    await app.queue.idle();

    for (const key of ['flat', 'sbs', 'tb']) {
      const file = join(app.paths.previews, `pv-${key}.mp4`);
      const clip = await probe(file);
      expect(clip).toMatchObject({ width: 320, height: 320 });
      expect(clip.duration).toBeGreaterThan(1.9);
      expect(clip.duration).toBeLessThan(2.15);
    }
    expect(existsSync(join(app.paths.previews, 'pv-missing.mp4'))).toBe(false);
    expect(existsSync(join(app.paths.previews, 'pv-junk.mp4'))).toBe(false);
    expect(readdirSync(app.paths.tmp).filter((name) => name.startsWith('preview-'))).toEqual([]);

    const locks = events.flatMap((event) => (event.topic === 'lock.change' ? [event.payload] : []));
    expect(locks).toEqual([
      { name: 'previews', locked: true },
      { name: 'previews', locked: false },
    ]);
    const progress = events.flatMap((event) => (event.topic === 'job.progress' ? [event.payload] : []));
    expect(progress.at(-1)).toMatchObject({ name: 'preview-generate', status: 'done', current: 5, total: 5 });
    const warnings = events.flatMap((event) =>
      event.topic === 'service.log' && event.payload.level === 'warning' ? [event.payload.message] : [],
    );
    expect(warnings).toEqual([expect.stringMatching(/^Preview of pv-junk failed: /)]);

    for (const [key, expected] of Object.entries({
      flat: true,
      sbs: true,
      tb: true,
      missing: false,
      junk: false,
    })) {
      const scene = (await app.http.inject({ method: 'GET', url: `/api/scene/${ids[key]}` })).json<{
        has_preview: boolean;
      }>();
      expect({ key, has: scene.has_preview }).toEqual({ key, has: expected });
    }
    // The junk scene is the newest: gone from disk, the test preview below skips it.
    rmSync(join(clips, 'junk.mp4'));
  }, 120_000);

  it('serves a scene preview with byte ranges', async () => {
    const bytes = readFileSync(join(app.paths.previews, 'pv-sbs.mp4'));
    const full = await app.http.inject({ method: 'GET', url: '/api/dms/preview/pv-sbs' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['cache-control']).toBe('no-cache');
    expect(full.rawPayload.equals(bytes)).toBe(true);

    const part = await app.http.inject({
      method: 'GET',
      url: '/api/dms/preview/pv-sbs',
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);

    const head = await app.http.inject({ method: 'HEAD', url: '/api/dms/preview/pv-sbs' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.body).toBe('');
  });

  it('answers 404 for unknown scenes and scenes without a preview, 400 for names that are not names', async () => {
    const unknown = await app.http.inject({ method: 'GET', url: '/api/dms/preview/nope-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'There is no preview nope-1' });
    const none = await app.http.inject({ method: 'GET', url: '/api/dms/preview/pv-missing' });
    expect(none.statusCode).toBe(404);
    const noTest = await app.http.inject({ method: 'GET', url: `/api/dms/preview/test${'0'.repeat(40)}` });
    expect(noTest.statusCode).toBe(404);
    for (const name of ['..%2F..%2Ffovea.db', '.hidden', '%2Fetc%2Fpasswd', 'a%20b']) {
      const bad = await app.http.inject({ method: 'GET', url: `/api/dms/preview/${name}` });
      expect({ name, code: bad.statusCode }).toEqual({ name, code: 400 });
      expect(bad.json<{ message: string }>().message).toMatch(
        /A preview name is a scene_id or a test preview name/,
      );
    }
  });

  it('makes a test preview from the newest scene with a video and announces it', async () => {
    const settings = { ...SETTINGS, resolution: 400, snippetAmount: 3, snippetLength: 0.4 };
    const ready = nextEvent(app, (event) =>
      event.topic === 'options.previews.previewReady' ? event.payload.previewFn : undefined,
    );
    const answer = await app.http.inject({
      method: 'POST',
      url: '/api/options/previews/test',
      payload: settings,
    });
    expect(answer.statusCode).toBe(200);
    const previewFn = await ready;
    expect(previewFn).toBe(testPreviewName(settings));
    expect(previewFn).toMatch(/^test[0-9a-f]{40}$/);
    const served = await app.http.inject({ method: 'GET', url: `/api/dms/preview/${previewFn}` });
    expect(served.statusCode).toBe(200);
    const clip = await probe(join(app.paths.previews, `${previewFn}.mp4`));
    expect(clip).toMatchObject({ width: 400, height: 400 });
    expect(clip.duration).toBeGreaterThan(1.1);
    expect(clip.duration).toBeLessThan(1.35);

    // A new test replaces the previous test preview; scene previews stay.
    const again = { ...settings, resolution: 300 };
    const second = nextEvent(app, (event) =>
      event.topic === 'options.previews.previewReady' ? event.payload.previewFn : undefined,
    );
    await app.http.inject({ method: 'POST', url: '/api/options/previews/test', payload: again });
    const secondFn = await second;
    const names = readdirSync(app.paths.previews).sort();
    expect(names).toEqual([`${secondFn}.mp4`, 'pv-flat.mp4', 'pv-sbs.mp4', 'pv-tb.mp4'].sort());
  }, 60_000);

  it('saves the preview settings and refuses values outside the ranges', async () => {
    const body = {
      startTime: 10,
      snippetLength: 0.6,
      snippetAmount: 12,
      resolution: 460,
      extraSnippet: true,
    };
    const saved = await app.http.inject({ method: 'PUT', url: '/api/options/previews', payload: body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ enabled: true, ...body });
    const state = (await app.http.inject({ method: 'GET', url: '/api/options/state' })).json<{
      config: { library: { preview: unknown } };
    }>();
    expect(state.config.library.preview).toEqual({ enabled: true, ...body });
    // `enabled` is accepted and ignored.
    const ignored = await app.http.inject({
      method: 'PUT',
      url: '/api/options/previews',
      payload: { ...body, enabled: false },
    });
    expect(ignored.json<{ enabled: boolean }>().enabled).toBe(true);

    const bad: [string, unknown][] = [
      ['startTime', 7],
      ['startTime', 65],
      ['snippetLength', 0.3],
      ['snippetLength', 5.2],
      ['snippetAmount', 1],
      ['snippetAmount', 41],
      ['resolution', 310],
      ['resolution', 820],
      ['extraSnippet', 'yes'],
    ];
    for (const [key, value] of bad) {
      const answer = await app.http.inject({
        method: 'PUT',
        url: '/api/options/previews',
        payload: { ...body, [key]: value },
      });
      expect({ key, value, code: answer.statusCode }).toEqual({ key, value, code: 400 });
      expect(answer.json<{ issues: { path: string[] }[] }>().issues[0]?.path).toEqual(['body', key]);
    }
    const extra = await app.http.inject({
      method: 'PUT',
      url: '/api/options/previews',
      payload: { ...body, x: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const test = await app.http.inject({
      method: 'POST',
      url: '/api/options/previews/test',
      payload: { ...body, resolution: 299 },
    });
    expect(test.statusCode).toBe(400);
    expect(app.options.get().library.preview).toEqual({ enabled: true, ...body });
  });
});
