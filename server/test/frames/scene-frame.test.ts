import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { BLANK_IMAGE } from '../../src/frames/blank-image';
import { renderFrame, type FrameRequest } from '../../src/frames/scene-frame-render';
import { SceneFrameRepository } from '../../src/frames/scene-frame.repository';
import { SceneFrameService } from '../../src/frames/scene-frame.service';
import { libraryFactory } from '../factories/library.factory';
import { FFMPEG, FFPROBE, makeClip } from '../fixtures/media-fixtures';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * Scenes without a cover get a frame of their video (issue 20, item 3): made with the real ffmpeg from small
 * generated clips, once per scene, kept in frames/ of the data folder.
 */

const PLACEHOLDER = 'http://localhost/dont_cause_errors';

let app: FoveaApp;
let mediaDir: string;
let volume: number;
let f: ReturnType<typeof libraryFactory>;

/** A clip of 640x320 (side-by-side VR) or 320x180 (flat), 2 s. */
const clip = (name: string, width = 640, height = 320) =>
  makeClip(join(mediaDir, name), { width, height, fps: '25', seconds: 2, codec: 'h264' });

/** A custom scene (the placeholder cover) with one video file of these columns. */
async function customScene(filename: string, file: Record<string, unknown> = {}) {
  const sceneId = await f.scene({ cover_url: PLACEHOLDER, site: 'CustomVR' });
  const fileId = await f.file({ volume_id: volume, path: mediaDir, filename, scene_id: sceneId, ...file });
  await app.sceneStatus.refreshScenes([sceneId]);
  return { sceneId, fileId };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.http.inject({ method: 'GET', url, headers });

/** A frame service of its own with a renderer that counts its runs, and the log lines it wrote. */
function countingService() {
  const runs: FrameRequest[] = [];
  const lines: string[] = [];
  const frames = new SceneFrameService({
    repo: new SceneFrameRepository(app.database.db),
    options: app.options,
    framesDir: makeTempDir('fovea-frames-own-'),
    tmpDir: app.paths.tmp,
    ffmpegPath: FFMPEG,
    ffprobePath: FFPROBE,
    logger: pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }),
    render: async (request) => {
      runs.push(request);
      await renderFrame(request);
    },
  });
  return { frames, runs, lines };
}

beforeAll(async () => {
  app = await createTestApp();
  mediaDir = makeTempDir('fovea-frames-media-');
  f = libraryFactory(app.database.db);
  volume = await f.volume({ path: mediaDir });
});
afterAll(async () => {
  await app.close();
  removeTempDir(mediaDir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('GET /api/dms/frame/{id}', () => {
  it('takes one frame of one eye of a VR video, once, and keeps it in the data folder', async () => {
    await clip('custom_180_LR.mp4');
    const { sceneId, fileId } = await customScene('custom_180_LR.mp4', {
      projection: '180_sbs',
      video_width: 640,
      video_height: 320,
      duration: 2,
    });
    const first = await get(`/api/dms/frame/${sceneId}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    // One 320x320 eye, its middle 70 % at 4:3.
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 224, 168]);
    const file = join(app.paths.frames, `${sceneId}-${fileId}.jpg`);
    const made = statSync(file).mtimeMs;

    const second = await get(`/api/dms/frame/${sceneId}`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(made);
    const etag = String(first.headers['etag']);
    expect(second.headers['etag']).toBe(etag);
    const unchanged = await get(`/api/dms/frame/${sceneId}`, { 'if-none-match': etag });
    expect([unchanged.statusCode, unchanged.rawPayload.length]).toEqual([304, 0]);
    const head = await app.http.inject({ method: 'HEAD', url: `/api/dms/frame/${sceneId}` });
    expect([head.statusCode, head.headers['content-type'], head.rawPayload.length]).toEqual([
      200,
      'image/jpeg',
      0,
    ]);
  });

  it('keeps a flat video whole, scaled to at most 640 px wide; ffprobe fills in unknown sizes', async () => {
    await clip('flat.mp4', 320, 180);
    const { sceneId } = await customScene('flat.mp4', { projection: 'flat' });
    const meta = await sharp((await get(`/api/dms/frame/${sceneId}`)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
  });

  it('answers a blank image for a scene without a video on disk, and 404 for an unknown scene', async () => {
    const noFile = await f.scene({ cover_url: '' });
    const blank = await get(`/api/dms/frame/${noFile}`);
    expect([blank.statusCode, blank.headers['content-type'], blank.headers['x-fovea-frame']]).toEqual([
      200,
      'image/png',
      'no-video',
    ]);
    expect(blank.rawPayload.equals(BLANK_IMAGE)).toBe(true);
    const { sceneId } = await customScene('not-on-disk.mp4');
    expect((await get(`/api/dms/frame/${sceneId}`)).headers['x-fovea-frame']).toBe('no-video');

    const unknown = await get('/api/dms/frame/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Not Found' });
    expect((await get('/api/dms/frame/abc')).statusCode).toBe(400);
  });
});

describe('SceneFrameService', () => {
  it('runs ffmpeg once for requests that arrive together and never again for that scene', async () => {
    await clip('together.mp4');
    const { sceneId } = await customScene('together.mp4', { projection: '180_sbs' });
    const { frames, runs } = countingService();
    const answers = await Promise.all([frames.frame(sceneId), frames.frame(sceneId), frames.frame(sceneId)]);
    expect(answers.map((answer) => answer.kind)).toEqual(['frame', 'frame', 'frame']);
    expect(runs).toHaveLength(1);
    expect((await frames.frame(sceneId)).kind).toBe('frame');
    expect(runs).toHaveLength(1);
    expect((await frames.jpeg(sceneId))?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('remembers a failed file until it changes, and logs the failure once', async () => {
    writeFileSync(join(mediaDir, 'broken.mp4'), 'not a video at all');
    const { sceneId } = await customScene('broken.mp4', { duration: 2, video_width: 640, video_height: 320 });
    const { frames, runs, lines } = countingService();
    expect(await frames.frame(sceneId)).toEqual({ kind: 'blank', reason: 'failed' });
    expect(await frames.frame(sceneId)).toEqual({ kind: 'blank', reason: 'failed' });
    expect(runs).toHaveLength(1);
    const warnings = lines.filter((line) => line.includes('no frame could be taken from broken.mp4'));
    expect(warnings).toHaveLength(1);

    // The file is replaced by a real video: tried again, and this time it works.
    await clip('broken.mp4');
    expect((await frames.frame(sceneId)).kind).toBe('frame');
    expect(runs).toHaveLength(2);
  });

  it('makes the frame again from the current file when its file is gone, and removes the old one', async () => {
    await clip('first.mp4');
    await clip('second.mp4');
    const { sceneId, fileId } = await customScene('first.mp4');
    const { frames, runs } = countingService();
    const old = await frames.frame(sceneId);
    expect(old.kind === 'frame' && old.file.endsWith(`${sceneId}-${fileId}.jpg`)).toBe(true);

    rmSync(join(mediaDir, 'first.mp4'));
    const next = await f.file({
      volume_id: volume,
      path: mediaDir,
      filename: 'second.mp4',
      scene_id: sceneId,
    });
    const remade = await frames.frame(sceneId);
    expect(remade.kind === 'frame' && remade.file.endsWith(`${sceneId}-${next}.jpg`)).toBe(true);
    expect(runs).toHaveLength(2);
    expect(old.kind === 'frame' && existsSync(old.file)).toBe(false);
  });
});

describe('the placeholder cover through /img', () => {
  it('answers a blank image with 200 instead of fetching it', async () => {
    for (const url of [
      `/img/700x/${PLACEHOLDER.replace('://', ':/')}`,
      `/img/700x,jpeg/${PLACEHOLDER}`,
      `/img/120x/${encodeURIComponent(PLACEHOLDER)}`,
    ]) {
      const response = await get(url);
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([url, 200, 'image/png']);
      expect(response.headers['x-fovea-image-error']).toBeUndefined();
      expect(response.rawPayload.equals(BLANK_IMAGE)).toBe(true);
    }
  });
});
