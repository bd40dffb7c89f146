import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type * as VideoProbeModule from '../../src/media/video-probe';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { libraryFactory } from '../factories/library.factory';
import { funscriptText, makeClip } from '../fixtures/media-fixtures';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import {
  filesOf,
  makeHashableClip,
  pngSize,
  rescan,
  rescanLogs,
  sceneRow,
  volumeRow,
} from './rescan-helpers';

// Every ffprobe run of the scanner is counted (the real probe still runs).
const probed = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('../../src/media/video-probe', async (importOriginal) => {
  const original = await importOriginal<typeof VideoProbeModule>();
  return {
    ...original,
    probeVideo: (file: string, options: VideoProbeModule.ProbeOptions) => {
      probed.files.push(file);
      return original.probeVideo(file, options);
    },
  };
});

let app: FoveaApp;
let library: string;
let volumeId: number;
let matchedScene: number;
let movedScene: number;
const events: RealtimeEvent[] = [];

const row = async (filename: string) => {
  const found = (await filesOf(app, volumeId)).find((file) => file.filename === filename);
  if (!found) throw new Error(`no row for ${filename}`);
  return found;
};

beforeAll(async () => {
  app = await createTestApp();
  app.events.subscribe((event) => events.push(event));
  library = makeTempDir('fovea-library-');
  mkdirSync(join(library, 'scripts'));
  mkdirSync(join(library, '.trash'));
  await Promise.all([
    makeClip(join(library, 'a_180_LR.mp4'), {
      width: 256,
      height: 128,
      fps: '30000/1001',
      seconds: 1,
      codec: 'h264',
    }),
    makeClip(join(library, 'b_mkx200.mp4'), {
      width: 256,
      height: 128,
      fps: '60',
      seconds: 1,
      codec: 'hevc',
    }),
    makeClip(join(library, 'c_360_TB.mp4'), {
      width: 128,
      height: 128,
      fps: '25',
      seconds: 1,
      codec: 'mpeg4',
    }),
    makeClip(join(library, 'd_flat.mkv'), { width: 160, height: 90, fps: '25', seconds: 2, codec: 'h264' }),
    makeClip(join(library, 'e_portrait.mp4'), {
      width: 90,
      height: 160,
      fps: '30',
      seconds: 1,
      codec: 'h264',
    }),
    makeHashableClip(join(library, 'm_move.mp4'), {
      width: 256,
      height: 128,
      fps: '30',
      seconds: 1,
      codec: 'h264',
    }),
  ]);
  const actions = Array.from({ length: 40 }, (_, i) => ({ at: i * 250, pos: i % 2 === 0 ? 10 : 90 }));
  writeFileSync(join(library, 'scripts', 'a_180_LR.funscript'), funscriptText(actions));
  writeFileSync(join(library, 'a_180_LR.srt'), '1\n00:00:00,000 --> 00:00:01,000\nHello\n');
  writeFileSync(join(library, 'a_180_LR.hsp'), 'hsp');
  writeFileSync(join(library, 'notes.txt'), 'not a video');
  copyFileSync(join(library, 'a_180_LR.mp4'), join(library, '.hidden.mp4'));
  copyFileSync(join(library, 'a_180_LR.mp4'), join(library, '.trash', 'old.mp4'));
  symlinkSync(library, join(library, 'scripts', 'loop'));
  writeFileSync(join(library, 'broken.mp4'), 'this is not a video');

  const make = libraryFactory(app.database.db);
  volumeId = await make.volume({ path: library, is_available: 0 });
  matchedScene = await make.scene({ filenames_arr: JSON.stringify(['a_180_LR.mp4']) });
  movedScene = await make.scene({ filenames_arr: JSON.stringify(['m_move.mp4']) });
}, 120_000);

afterAll(async () => {
  await app.close();
  removeTempDir(library);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('the first rescan of a folder', () => {
  it('answers null at once, holds the rescan lock and logs to the Files line', async () => {
    expect(await rescan(app)).toEqual({ status: 200, body: 'null' });
    const locks = events.flatMap((event) =>
      event.topic === 'lock.change' && event.payload.name === 'rescan' ? [event.payload.locked] : [],
    );
    expect(locks).toEqual([true, false]);
    await vi.waitFor(() =>
      expect(rescanLogs(events).map((line) => line.message)).toContain(
        'Rescan done: 10 new, 0 changed, 0 removed, 5 matched',
      ),
    );
    const messages = rescanLogs(events).map((line) => line.message);
    expect(messages).toContain(`Scanning ${library} (10 files)`);
    expect(messages).toContain('Probed 6 new or changed videos');
    expect(events.some((event) => event.topic === 'state.change.optionsStorage')).toBe(true);
    const job = await app.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'rescan')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', error: null, current: 10, total: 10 });
  });

  it('records each video with its dimensions, duration, frame rate, bitrate, codec and projection', async () => {
    const expected = [
      ['a_180_LR.mp4', 256, 128, 30, '30000/1001', 'h264', '180_sbs', 'sbs'],
      ['b_mkx200.mp4', 256, 128, 60, '60/1', 'hevc', 'mkx200', 'sbs'],
      ['c_360_TB.mp4', 128, 128, 25, '25/1', 'mpeg4', '360_tb', 'tb'],
      ['d_flat.mkv', 160, 90, 25, '25/1', 'h264', 'flat', 'mono'],
      ['e_portrait.mp4', 90, 160, 30, '30/1', 'h264', '', ''],
    ] as const;
    for (const [filename, width, height, fps, rate, codec, projection, stereo] of expected) {
      const file = await row(filename);
      expect(file, filename).toMatchObject({
        type: 'video',
        path: library,
        video_width: width,
        video_height: height,
        video_avgfps_val: fps,
        video_avg_frame_rate: rate,
        video_codec_name: codec,
        projection,
        stereo_mode: stereo,
      });
      expect(file.video_bitrate, filename).toBeGreaterThan(0);
      expect(file.duration, filename).toBeCloseTo(filename === 'd_flat.mkv' ? 2 : 1, 1);
      expect(file.size, filename).toBeGreaterThan(0);
      expect(file.updated_time, filename).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(file.created_time, filename).not.toBeNull();
    }
    // Only files of 64 KiB and more have an OpenSubtitles hash.
    expect((await row('m_move.mp4')).oshash).toMatch(/^[0-9a-f]{1,16}$/);
    expect((await row('a_180_LR.mp4')).oshash).toBe('');
  });

  it('records scripts, HereSphere and subtitle files; skips dot-files, other files and the link loop', async () => {
    const rows = await filesOf(app, volumeId);
    expect(
      rows.map((file) => `${file.type} ${file.path.slice(library.length)}/${file.filename}`).sort(),
    ).toEqual([
      'hsp /a_180_LR.hsp',
      'script /scripts/a_180_LR.funscript',
      'subtitles /a_180_LR.srt',
      'video /a_180_LR.mp4',
      'video /b_mkx200.mp4',
      'video /broken.mp4',
      'video /c_360_TB.mp4',
      'video /d_flat.mkv',
      'video /e_portrait.mp4',
      'video /m_move.mp4',
    ]);
    expect((await row('a_180_LR.funscript')).duration).toBeCloseTo(9.75, 2);
  });

  it('records a video ffprobe cannot read, with a warning, and the job does not fail', async () => {
    expect(await row('broken.mp4')).toMatchObject({ video_width: 0, duration: 0, projection: '' });
    const warning = rescanLogs(events).find((line) => line.message.includes('broken.mp4'));
    expect(warning).toMatchObject({ level: 'warning' });
    expect(warning?.message).toMatch(/^Could not probe .*broken\.mp4: /);
  });

  it('matches the video, and its script, HSP and subtitles through the video name, to the listed scene', async () => {
    for (const name of ['a_180_LR.mp4', 'a_180_LR.funscript', 'a_180_LR.hsp', 'a_180_LR.srt'])
      expect((await row(name)).scene_id, name).toBe(matchedScene);
    expect(await sceneRow(app, matchedScene)).toMatchObject({
      is_available: 1,
      is_accessible: 1,
      is_scripted: 1,
      video_file_count: 1,
    });
    expect((await row('b_mkx200.mp4')).scene_id).toBeNull();
  });

  it('draws the heatmap of the funscript: a 1000x10 PNG, flagged on the file', async () => {
    const script = await row('a_180_LR.funscript');
    expect(script).toMatchObject({ has_heatmap: 1, refresh_heatmap_cache: 1 });
    expect(pngSize(join(app.paths.heatmaps, `heatmap-${script.id}.png`))).toEqual({
      width: 1000,
      height: 10,
    });
  });

  it('marks the folder available and scanned', async () => {
    const volume = await volumeRow(app, volumeId);
    expect(volume.is_available).toBe(1);
    expect(volume.last_scan).not.toBeNull();
  });
});

describe('rescanning', () => {
  it('probes nothing and writes no file row when nothing changed', async () => {
    // The broken video is tried again (its last probe failed): its row is written again, nothing else.
    const others = async () =>
      (await filesOf(app, volumeId)).filter((file) => file.filename !== 'broken.mp4');
    const before = await others();
    probed.files.length = 0;
    await rescan(app, volumeId);
    expect(probed.files).toEqual([join(library, 'broken.mp4')]);
    expect(await others()).toEqual(before);
    expect(await row('broken.mp4')).toMatchObject({ video_width: 0, duration: 0 });
  });

  it('probes a changed file again and removes the row of a deleted one', async () => {
    await makeClip(join(library, 'd_flat.mkv'), {
      width: 320,
      height: 180,
      fps: '60',
      seconds: 1,
      codec: 'h264',
    });
    // The owner chose this projection: a new probe does not overwrite it.
    await app.database.db
      .updateTable('files')
      .set({ projection: 'fisheye', stereo_mode: 'sbs', fov: 190, projection_is_manual: 1 })
      .where('id', '=', (await row('d_flat.mkv')).id)
      .execute();
    const portrait = await row('e_portrait.mp4');
    rmSync(join(library, 'e_portrait.mp4'));
    rmSync(join(library, 'broken.mp4'));
    probed.files.length = 0;
    await rescan(app, volumeId);
    expect(probed.files).toEqual([join(library, 'd_flat.mkv')]);
    expect(await row('d_flat.mkv')).toMatchObject({
      video_width: 320,
      video_height: 180,
      video_avgfps_val: 60,
      projection: 'fisheye',
      stereo_mode: 'sbs',
      fov: 190,
    });
    const rows = await filesOf(app, volumeId);
    expect(rows.find((file) => file.id === portrait.id)).toBeUndefined();
    expect(rows.map((file) => file.filename)).not.toContain('broken.mp4');
  });

  it('keeps the match of a moved and renamed file, and adds its new name to the scene', async () => {
    const before = await row('m_move.mp4');
    expect(before.scene_id).toBe(movedScene);
    mkdirSync(join(library, 'moved'));
    renameSync(join(library, 'm_move.mp4'), join(library, 'moved', 'm_renamed.mp4'));
    await rescan(app, volumeId);
    const rows = await filesOf(app, volumeId);
    expect(rows.find((file) => file.id === before.id)).toBeUndefined();
    expect(await row('m_renamed.mp4')).toMatchObject({
      path: join(library, 'moved'),
      scene_id: movedScene,
      oshash: before.oshash,
    });
    const scene = await sceneRow(app, movedScene);
    expect(JSON.parse(scene.filenames_arr)).toEqual(['m_move.mp4', 'm_renamed.mp4']);
    expect(scene).toMatchObject({ is_available: 1, is_accessible: 1 });
    await vi.waitFor(() =>
      expect(rescanLogs(events).map((line) => line.message)).toContain(
        'Rescan done: 1 new, 0 changed, 1 removed, 1 matched',
      ),
    );
  });

  it('draws the heatmap of a changed funscript again', async () => {
    const script = await row('a_180_LR.funscript');
    const heatmap = join(app.paths.heatmaps, `heatmap-${script.id}.png`);
    rmSync(heatmap);
    writeFileSync(
      join(library, 'scripts', 'a_180_LR.funscript'),
      funscriptText(
        [
          { at: 0, pos: 0 },
          { at: 500, pos: 100 },
          { at: 1000, pos: 0 },
        ],
        30,
      ),
    );
    await rescan(app, volumeId);
    expect(await row('a_180_LR.funscript')).toMatchObject({
      has_heatmap: 1,
      duration: 30,
      scene_id: matchedScene,
    });
    expect(existsSync(heatmap)).toBe(true);
  });

  it('draws a heatmap again when its PNG went missing from the data folder, the script unchanged', async () => {
    const script = await row('a_180_LR.funscript');
    const heatmap = join(app.paths.heatmaps, `heatmap-${script.id}.png`);
    expect(existsSync(heatmap)).toBe(true);
    rmSync(heatmap);
    await rescan(app, volumeId);
    expect(await row('a_180_LR.funscript')).toMatchObject({ id: script.id, has_heatmap: 1 });
    expect(pngSize(heatmap)).toEqual({ width: 1000, height: 10 });
  });

  it('answers 404 for a storage location that does not exist', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/task/rescan/999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
  });
});
