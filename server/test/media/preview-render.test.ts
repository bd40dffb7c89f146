import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concatList,
  cropRect,
  eyeLayout,
  PreviewRenderError,
  previewArgs,
  renderPreview,
  snippetPlan,
  type PreviewSettings,
} from '../../src/media/preview-render';
import { FFMPEG, FFPROBE, makeClip } from '../fixtures/media-fixtures';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const run = promisify(execFile);

const SETTINGS: PreviewSettings = {
  startTime: 5,
  snippetLength: 1,
  snippetAmount: 3,
  resolution: 300,
  extraSnippet: false,
};

interface Probed {
  width: number;
  height: number;
  duration: number;
  codec: string;
  audio: boolean;
}

async function probe(file: string): Promise<Probed> {
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
    streams: { codec_type: string; width?: number; height?: number; codec_name: string }[];
    format: { duration: string };
  };
  const video = parsed.streams.find((stream) => stream.codec_type === 'video');
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    duration: Number(parsed.format.duration),
    codec: video?.codec_name ?? '',
    audio: parsed.streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/** The mean colour of the preview's first frame, as [r, g, b]. */
async function firstFrameColour(file: string): Promise<number[]> {
  const { stdout } = await run(
    FFMPEG,
    [
      '-v',
      'error',
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=1:1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer' },
  );
  return [...stdout.subarray(0, 3)];
}

describe('preview plan', () => {
  it('reads the eye layout from the projection, else from the frame shape', () => {
    expect(eyeLayout('180_sbs', 4096, 2048)).toBe('sbs');
    expect(eyeLayout('mkx200', 4096, 2048)).toBe('sbs');
    expect(eyeLayout('180_tb', 4096, 4096)).toBe('tb');
    expect(eyeLayout('360_tb', 4096, 4096)).toBe('tb');
    expect(eyeLayout('flat', 1920, 1080)).toBe('flat');
    expect(eyeLayout('360_mono', 4096, 2048)).toBe('flat');
    expect(eyeLayout('', 4096, 2048)).toBe('sbs');
    expect(eyeLayout('', 1920, 1080)).toBe('flat');
    expect(eyeLayout('', 0, 0)).toBe('flat');
  });

  it('crops the centred square of one eye', () => {
    expect(cropRect('sbs', 4096, 2048)).toEqual({ width: 2048, height: 2048, x: 2048, y: 0 });
    expect(cropRect('sbs', 1280, 480)).toEqual({ width: 480, height: 480, x: 720, y: 0 });
    expect(cropRect('tb', 4096, 4096)).toEqual({ width: 2048, height: 2048, x: 1024, y: 2048 });
    expect(cropRect('flat', 1920, 1080)).toEqual({ width: 1080, height: 1080, x: 420, y: 0 });
    expect(cropRect('flat', 301, 401)).toEqual({ width: 300, height: 300, x: 0, y: 50 });
  });

  it('spreads the snippets from the start time towards the end', () => {
    expect(snippetPlan(65.1, { ...SETTINGS, snippetAmount: 4 })).toEqual([
      { start: 5, length: 1 },
      { start: 20, length: 1 },
      { start: 35, length: 1 },
      { start: 50, length: 1 },
    ]);
  });

  it('starts earlier, or shortens the snippets, when the video is too short', () => {
    // 6.1 s - margin = 6 s usable: 3 snippets of 1 s from 5 s do not fit, so they start at 3 s.
    expect(snippetPlan(6.1, SETTINGS)).toEqual([
      { start: 3, length: 1 },
      { start: 4, length: 1 },
      { start: 5, length: 1 },
    ]);
    expect(snippetPlan(1.6, SETTINGS)).toEqual([
      { start: 0, length: 0.5 },
      { start: 0.5, length: 0.5 },
      { start: 1, length: 0.5 },
    ]);
  });

  it('adds the extra snippet 150 s before the end only for long videos', () => {
    const long = snippetPlan(1000, { ...SETTINGS, snippetAmount: 2, extraSnippet: true });
    expect(long.map((snippet) => snippet.start)).toEqual([5, 502.45, 850]);
    expect(snippetPlan(1000, { ...SETTINGS, snippetAmount: 2 })).toHaveLength(2);
    // 600 s / 4 = 150 s per snippet: not more than 150, so no extra snippet.
    expect(snippetPlan(600, { ...SETTINGS, snippetAmount: 4, extraSnippet: true })).toHaveLength(4);
  });

  it('lists the snippets for the concat demuxer, quoting the path', () => {
    const list = concatList("/v/it's here.mp4", [
      { start: 5, length: 0.2 },
      { start: 7.5, length: 0.4 },
    ]);
    expect(list).toBe(
      'ffconcat version 1.0\n' +
        "file 'file:/v/it'\\''s here.mp4'\ninpoint 5.000\noutpoint 5.200\n" +
        "file 'file:/v/it'\\''s here.mp4'\ninpoint 7.500\noutpoint 7.900\n",
    );
  });

  it('builds one ffmpeg run over the list, dropping frames from before each in point', () => {
    const args = previewArgs(
      '/tmp/p.ffconcat',
      '/tmp/out.mp4',
      { width: 100, height: 100, x: 100, y: 0 },
      320,
    );
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args.slice(args.indexOf('-f'), args.indexOf('-i') + 2)).toEqual([
      ...['-f', 'concat', '-safe', '0', '-segment_time_metadata', '1', '-i', '/tmp/p.ffconcat'],
    ]);
    expect(args).toContain('-copyts');
    expect(args[args.indexOf('-vf') + 1]).toBe(
      'select=concatdec_select,crop=100:100:100:0,scale=320:320,setsar=1',
    );
    expect(args.at(-1)).toBe('/tmp/out.mp4');
  });
});

describe('renderPreview on real clips', () => {
  let dir: string;
  let tmpDir: string;

  beforeAll(async () => {
    dir = makeTempDir('fovea-preview-render-');
    tmpDir = join(dir, 'tmp');
    await run('mkdir', ['-p', tmpDir]);
    // A side-by-side frame whose left eye is red and right eye is blue, and a top/bottom one (green below).
    await run(FFMPEG, [
      ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'color=red:size=320x160:rate=25:duration=12'],
      ...['-f', 'lavfi', '-i', 'color=blue:size=320x160:rate=25:duration=12'],
      ...[
        '-filter_complex',
        '[0][1]hstack',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
      ],
      join(dir, 'sbs.mp4'),
    ]);
    await run(FFMPEG, [
      ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'color=red:size=320x160:rate=25:duration=12'],
      ...['-f', 'lavfi', '-i', 'color=green:size=320x160:rate=25:duration=12'],
      ...[
        '-filter_complex',
        '[0][1]vstack',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
      ],
      join(dir, 'tb.mp4'),
    ]);
    await makeClip(join(dir, "flat it's.mp4"), {
      width: 480,
      height: 270,
      fps: '30',
      seconds: 12,
      codec: 'h264',
    });
  }, 60_000);

  afterAll(() => removeTempDir(dir));

  it('renders a flat clip as a square of the chosen size and the snippets total length', async () => {
    const dest = join(dir, 'flat-preview.mp4');
    const rendered = await renderPreview({
      input: join(dir, "flat it's.mp4"),
      dest,
      tmpDir,
      projection: 'flat',
      settings: { ...SETTINGS, resolution: 320 },
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
    });
    expect(rendered.layout).toBe('flat');
    expect(rendered.snippets).toHaveLength(3);
    const result = await probe(dest);
    expect(result).toMatchObject({ width: 320, height: 320, codec: 'h264', audio: false });
    expect(result.duration).toBeGreaterThan(2.85);
    expect(result.duration).toBeLessThan(3.15);
    expect(readdirSync(tmpDir)).toEqual([]);
  }, 60_000);

  it('keeps the right eye of a side-by-side clip', async () => {
    const dest = join(dir, 'sbs-preview.mp4');
    await renderPreview({
      input: join(dir, 'sbs.mp4'),
      dest,
      tmpDir,
      projection: '180_sbs',
      settings: { ...SETTINGS, snippetAmount: 2, snippetLength: 0.4, resolution: 300 },
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
    });
    const result = await probe(dest);
    expect(result).toMatchObject({ width: 300, height: 300 });
    expect(result.duration).toBeGreaterThan(0.7);
    expect(result.duration).toBeLessThan(0.9);
    const [r = 0, , b = 0] = await firstFrameColour(dest);
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
  }, 60_000);

  it('keeps the bottom eye of a top/bottom clip', async () => {
    const dest = join(dir, 'tb-preview.mp4');
    await renderPreview({
      input: join(dir, 'tb.mp4'),
      dest,
      tmpDir,
      projection: '180_tb',
      settings: { ...SETTINGS, snippetAmount: 2, snippetLength: 1, resolution: 400 },
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
    });
    const result = await probe(dest);
    expect(result).toMatchObject({ width: 400, height: 400 });
    expect(result.duration).toBeGreaterThan(1.9);
    expect(result.duration).toBeLessThan(2.1);
    const [r = 0, g = 0] = await firstFrameColour(dest);
    expect(g).toBeGreaterThan(100);
    expect(r).toBeLessThan(60);
  }, 60_000);

  it('starts each snippet at its own time, not at the keyframe before it', async () => {
    // The grey level steps every half second and the keyframes are 2 s apart: a snippet that began at the
    // keyframe before its start would show an earlier level.
    const source = join(dir, 'steps.mp4');
    await run(FFMPEG, [
      ...['-y', '-v', 'error', '-f', 'lavfi'],
      ...[
        '-i',
        String.raw`color=black:size=64x64:rate=25:duration=20,format=yuv420p,geq=lum=mod(floor(T*2)*10\,250):cb=128:cr=128`,
      ],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-g', '50', '-pix_fmt', 'yuv420p', source],
    ]);
    const dest = join(dir, 'steps-preview.mp4');
    const rendered = await renderPreview({
      input: source,
      dest,
      tmpDir,
      projection: 'flat',
      settings: { ...SETTINGS, snippetAmount: 3, snippetLength: 0.4 },
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
    });
    const args = ['-v', 'error', '-i', dest, '-vf', 'scale=1:1,format=gray', '-f', 'rawvideo', '-'];
    const preview = [...(await run(FFMPEG, args, { encoding: 'buffer' })).stdout];
    // 3 snippets of 0.4 s at 25 fps (give or take a frame each): frames decoded from the keyframe before an in
    // point (up to 2 s of them) are not in the preview.
    expect(rendered.snippets.map((snippet) => snippet.start)).toEqual([5, 9.967, 14.933]);
    expect(preview.length).toBeGreaterThanOrEqual(29);
    expect(preview.length).toBeLessThanOrEqual(31);
    // Each snippet shows at most two grey levels (the third crosses 15 s); frames from the 2 s before it
    // would add more.
    for (let i = 0; i < 3; i++) {
      const window = preview.slice(i * 10 + 1, i * 10 + 9);
      const distinct = window.filter(
        (level, at) => window.findIndex((other) => Math.abs(other - level) <= 3) === at,
      );
      expect({ snippet: i, levels: distinct.length <= 2 }).toEqual({ snippet: i, levels: true });
    }
  }, 60_000);

  it('fails with a clear error for a file that is not a video, leaving nothing behind', async () => {
    const junk = join(dir, 'junk.mp4');
    writeFileSync(junk, 'not a video');
    const dest = join(dir, 'junk-preview.mp4');
    await expect(
      renderPreview({
        input: junk,
        dest,
        tmpDir,
        projection: '',
        settings: SETTINGS,
        ffmpegPath: FFMPEG,
        ffprobePath: FFPROBE,
      }),
    ).rejects.toBeInstanceOf(PreviewRenderError);
    expect(existsSync(dest)).toBe(false);
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it('stops ffmpeg at its time limit', async () => {
    const dest = join(dir, 'slow-preview.mp4');
    await expect(
      renderPreview({
        input: join(dir, "flat it's.mp4"),
        dest,
        tmpDir,
        projection: 'flat',
        settings: { ...SETTINGS, snippetAmount: 40, snippetLength: 0.2, resolution: 800 },
        ffmpegPath: FFMPEG,
        ffprobePath: FFPROBE,
        timeoutMs: 1,
      }),
    ).rejects.toThrow(/timed out/);
    expect(existsSync(dest)).toBe(false);
    expect(readdirSync(tmpDir)).toEqual([]);
  }, 30_000);
});
