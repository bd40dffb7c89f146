import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { JobAbortedError } from '../../src/jobs/job-definition';
import { Progress } from '../../src/jobs/progress';
import type { RenderPreviewRequest } from '../../src/media/preview-render';
import { PreviewRepository } from '../../src/repositories/preview.repository';
import { PreviewService } from '../../src/services/preview.service';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/** Which scenes get a preview, from which file, in what order: with a renderer that only records. */
describe('preview selection', () => {
  let app: FoveaApp;
  let dir: string;
  const rendered: RenderPreviewRequest[] = [];

  const service = (render: (request: RenderPreviewRequest) => Promise<unknown>, now?: () => Date) =>
    new PreviewService({
      repo: new PreviewRepository(app.database.db),
      options: app.options,
      status: app.sceneStatus,
      events: app.events,
      previewsDir: app.paths.previews,
      tmpDir: app.paths.tmp,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      logger: app.logger.logger,
      render,
      ...(now ? { now } : {}),
    });

  const progress = () =>
    new Progress(
      { id: 1, name: 'preview-generate', task: 'previews' },
      { publish: () => undefined, persist: async () => undefined },
      app.logger.logger,
      { publishEveryMs: 0, persistEveryMs: 1_000_000, logEveryMs: 1_000_000 },
    );

  const record = async (request: RenderPreviewRequest) => {
    rendered.push(request);
    writeFileSync(request.dest, 'clip');
  };

  beforeAll(async () => {
    app = await createTestApp();
    dir = makeTempDir('fovea-preview-sel-');
    const f = libraryFactory(app.database.db);
    const local = await f.volume({ path: dir });
    const offline = await f.volume({ path: join(dir, 'offline'), is_available: 0 });
    const putio = await f.volume({ path: 'putio' });
    await app.database.db.updateTable('volumes').set({ type: 'putio' }).where('id', '=', putio).execute();
    const onDisk = (name: string) => {
      writeFileSync(join(dir, name), 'x');
      return name;
    };
    const scene = async (sceneId: string, release: string | null, files: Record<string, unknown>[]) => {
      const id = await app.database.db
        .insertInto('scenes')
        .values({ scene_id: sceneId, title: sceneId, release_date: release })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const file of files) {
        await f.file({ volume_id: local, scene_id: id.id, path: dir, ...file });
      }
      return id.id;
    };
    const ids = [
      // Two videos: "filename" order takes a-wide.mp4; "resolution desc" takes z-tall.mp4.
      await scene('sel-two', '2024-06-01', [
        { filename: onDisk('a-wide.mp4'), video_width: 1000, video_height: 500 },
        { filename: onDisk('z-tall.mp4'), video_width: 4000, video_height: 2000 },
      ]),
      await scene('sel-old', '2023-01-01', [{ filename: onDisk('old.mp4') }]),
      await scene('sel-undated', null, [{ filename: onDisk('undated.mp4') }]),
      await scene('sel-new', '2025-01-01', [{ filename: onDisk('new.mp4'), projection: '180_sbs' }]),
      // The first video in order is not on disk: the next one is used.
      await scene('sel-gap', '2024-01-01', [
        { filename: 'a-missing.mp4' },
        { filename: onDisk('b-present.mp4') },
      ]),
      await scene('sel-none', '2024-02-01', [{ filename: 'not-there.mp4' }]),
      await scene('../sel-unsafe', '2024-03-01', [{ filename: onDisk('unsafe.mp4') }]),
      await scene('sel-offline', '2024-04-01', [{ volume_id: offline, filename: 'off.mp4' }]),
      await scene('sel-putio', '2024-05-01', [{ volume_id: putio, path: '123', filename: 'p.mp4' }]),
      await scene('sel-script', '2024-05-02', [{ type: 'script', filename: onDisk('s.funscript') }]),
    ];
    const unavailable = await scene('sel-gone', '2026-01-01', []);
    const done = await scene('sel-done', '2026-01-01', [{ filename: onDisk('done.mp4') }]);
    await app.sceneStatus.refreshScenes([...ids, unavailable, done]);
    // A scene that already has a preview (has_preview is set by the status refresh from the file).
    writeFileSync(join(app.paths.previews, 'sel-done.mp4'), 'clip');
    await app.sceneStatus.refreshScenes([done]);
  });

  afterAll(async () => {
    await app.close();
    removeTempDir(dir);
  });

  it('takes available scenes without a preview, newest first, each from its first video on disk', async () => {
    const result = await service(record).generateAll(progress(), new AbortController().signal);
    expect(rendered.map((request) => [basename(request.dest), basename(request.input)])).toEqual([
      ['sel-new.mp4', 'new.mp4'],
      ['sel-two.mp4', 'a-wide.mp4'],
      ['sel-gap.mp4', 'b-present.mp4'],
      ['sel-old.mp4', 'old.mp4'],
      ['sel-undated.mp4', 'undated.mp4'],
    ]);
    expect(rendered[0]?.projection).toBe('180_sbs');
    expect(rendered[0]?.settings).toEqual({
      startTime: 5,
      snippetLength: 0.2,
      snippetAmount: 2,
      resolution: 300,
      extraSnippet: false,
    });
    expect(result).toEqual({ made: 5, failed: 0 });
    const flags = await app.database.db
      .selectFrom('scenes')
      .select(['scene_id', 'has_preview'])
      .where('has_preview', '=', 1)
      .orderBy('scene_id')
      .execute();
    expect(flags.map((row) => row.scene_id)).toEqual([
      'sel-done',
      'sel-gap',
      'sel-new',
      'sel-old',
      'sel-two',
      'sel-undated',
    ]);
  });

  it('follows the players video sort sequence', async () => {
    await app.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        players: { ...options.interfaces.players, video_sort_seq: 'resolution desc,filename' },
      },
    }));
    const picked: string[] = [];
    const test = service(async (request) => {
      picked.push(basename(request.input));
    });
    await app.database.db
      .updateTable('scenes')
      .set({ has_preview: 0 })
      .where('scene_id', '=', 'sel-two')
      .execute();
    await test.generateAll(progress(), new AbortController().signal);
    expect(picked).toEqual(['z-tall.mp4']);
  });

  it('logs a failing scene and goes on with the next', async () => {
    await app.database.db
      .updateTable('scenes')
      .set({ has_preview: 0 })
      .where('scene_id', 'in', ['sel-new', 'sel-old'])
      .execute();
    const tried: string[] = [];
    const result = await service(async (request) => {
      tried.push(basename(request.dest));
      if (request.dest.endsWith('sel-new.mp4')) throw new Error('ffmpeg failed (1)');
    }).generateAll(progress(), new AbortController().signal);
    expect(tried).toEqual(['sel-new.mp4', 'sel-old.mp4']);
    expect(result).toEqual({ made: 1, failed: 1 });
  });

  it('starts no scene once the end of its time window has passed (a scheduled run)', async () => {
    await app.database.db
      .updateTable('scenes')
      .set({ has_preview: 0 })
      .where('scene_id', 'in', ['sel-new', 'sel-old'])
      .execute();
    let clock = new Date('2026-11-29T02:00:00Z');
    const until = new Date('2026-11-29T03:00:00Z');
    const tried: string[] = [];
    const result = await service(
      async (request) => {
        tried.push(basename(request.dest));
        // The first clip takes past the window's end.
        clock = new Date('2026-11-29T03:00:01Z');
      },
      () => clock,
    ).generateAll(progress(), new AbortController().signal, until);
    expect(tried).toEqual(['sel-new.mp4']);
    expect(result).toEqual({ made: 1, failed: 0 });
  });

  it('stops between scenes when the job is aborted', async () => {
    await app.database.db
      .updateTable('scenes')
      .set({ has_preview: 0 })
      .where('scene_id', 'in', ['sel-new', 'sel-old'])
      .execute();
    const controller = new AbortController();
    const tried: string[] = [];
    const run = service(async (request) => {
      tried.push(basename(request.dest));
      controller.abort();
      throw new Error('stopped');
    }).generateAll(progress(), controller.signal);
    await expect(run).rejects.toBeInstanceOf(JobAbortedError);
    expect(tried).toEqual(['sel-new.mp4']);
  });

  it('stops a test preview being made at shutdown, and starts none after', async () => {
    const published: string[] = [];
    let started: (signal: AbortSignal | undefined) => void = () => undefined;
    const rendering = new Promise<AbortSignal | undefined>((resolve) => (started = resolve));
    const previews = new PreviewService({
      repo: new PreviewRepository(app.database.db),
      options: app.options,
      status: app.sceneStatus,
      events: { publish: (topic) => void published.push(topic) },
      previewsDir: app.paths.previews,
      tmpDir: app.paths.tmp,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      logger: app.logger.logger,
      // Renders until it is stopped, as a long ffmpeg run would.
      render: (request) =>
        new Promise((_resolve, reject) => {
          started(request.signal);
          request.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });
    const settings = {
      startTime: 5,
      snippetLength: 0.2,
      snippetAmount: 2,
      resolution: 300,
      extraSnippet: false,
    };
    previews.startTest(settings);
    const signal = await rendering;
    expect(signal?.aborted).toBe(false);
    await previews.stop();
    expect(signal?.aborted).toBe(true);
    previews.startTest(settings);
    await previews.testsIdle();
    expect(published).toEqual([]);
  });
});
