import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesPerSecond, ProbeError, probeVideo } from '../../src/media/video-probe';
import { FFPROBE, makeClip } from '../fixtures/media-fixtures';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;

beforeAll(() => {
  dir = makeTempDir('fovea-probe-');
});

afterAll(() => {
  removeTempDir(dir);
});

/** A stand-in ffprobe: a shell script that ignores its arguments. */
function fakeProbe(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('probeVideo on real clips', () => {
  it.each([
    ['h264.mp4', { width: 320, height: 160, fps: '30000/1001', codec: 'h264' }, '30000/1001', 30],
    ['hevc.mp4', { width: 180, height: 320, fps: '60', codec: 'hevc' }, '60/1', 60],
    ['mpeg4.mp4', { width: 256, height: 256, fps: '25', codec: 'mpeg4' }, '25/1', 25],
  ] as const)('%s', async (name, spec, avgFrameRate, avgFps) => {
    const file = join(dir, name);
    await makeClip(file, { ...spec, seconds: 1 });
    const probe = await probeVideo(file, { ffprobePath: FFPROBE });
    expect(probe).toMatchObject({
      width: spec.width,
      height: spec.height,
      codec: spec.codec,
      avgFrameRate,
      avgFps,
    });
    expect(probe.duration).toBeGreaterThan(0.9);
    expect(probe.duration).toBeLessThan(1.1);
    expect(probe.bitrate).toBeGreaterThan(0);
  });

  it('falls back to the container duration and bitrate (Matroska has none per stream)', async () => {
    const file = join(dir, 'clip.mkv');
    await makeClip(file, { width: 320, height: 180, fps: '25', seconds: 1, codec: 'h264' });
    const probe = await probeVideo(file, { ffprobePath: FFPROBE });
    expect(probe).toMatchObject({ width: 320, height: 180, codec: 'h264', avgFps: 25 });
    expect(probe.duration).toBeGreaterThan(0.9);
    expect(probe.bitrate).toBeGreaterThan(0);
  });
});

describe('probeVideo failures', () => {
  it('rejects a file that is not a video', async () => {
    const file = join(dir, 'broken.mp4');
    writeFileSync(file, Buffer.alloc(4096, 0x5a));
    const failure = probeVideo(file, { ffprobePath: FFPROBE });
    await expect(failure).rejects.toBeInstanceOf(ProbeError);
    await expect(failure).rejects.toThrow(/broken\.mp4/);
  });

  it('rejects a missing file and a missing ffprobe', async () => {
    await expect(probeVideo(join(dir, 'absent.mp4'), { ffprobePath: FFPROBE })).rejects.toThrow(
      /absent\.mp4/,
    );
    const noProbe = probeVideo(join(dir, 'h264.mp4'), { ffprobePath: join(dir, 'no-such-ffprobe') });
    await expect(noProbe).rejects.toThrow(/ffprobe not found/);
  });

  it('kills ffprobe when it takes longer than the timeout', async () => {
    const slow = fakeProbe('slow-probe', 'exec sleep 30');
    const failure = probeVideo(join(dir, 'x.mp4'), { ffprobePath: slow, timeoutMs: 200 });
    await expect(failure).rejects.toBeInstanceOf(ProbeError);
    await expect(failure).rejects.toThrow(/x\.mp4.*timed out after 200 ms/);
  });

  it('rejects output that is not JSON', async () => {
    const junk = fakeProbe('junk-probe', 'echo "this is not json"');
    await expect(probeVideo(join(dir, 'y.mp4'), { ffprobePath: junk })).rejects.toThrow(
      /y\.mp4: output is not JSON/,
    );
  });

  it('rejects a file without a video stream', async () => {
    const audio = fakeProbe(
      'audio-probe',
      `echo '{"streams":[{"codec_type":"audio","codec_name":"aac"}],"format":{"duration":"3.0"}}'`,
    );
    await expect(probeVideo(join(dir, 'song.m4a'), { ffprobePath: audio })).rejects.toThrow(
      /song\.m4a: no video stream/,
    );
  });

  it('reads the first video stream and reports an unknown frame rate as 0', async () => {
    const odd = fakeProbe(
      'odd-probe',
      `echo '{"streams":[{"codec_type":"audio"},{"codec_type":"video","codec_name":"vp9","width":640,"height":320,` +
        `"avg_frame_rate":"0/0"},{"codec_type":"video","codec_name":"png","width":1,"height":1}],` +
        `"format":{"duration":"12.5","bit_rate":"777"}}'`,
    );
    expect(await probeVideo(join(dir, 'z.webm'), { ffprobePath: odd })).toEqual({
      width: 640,
      height: 320,
      bitrate: 777,
      codec: 'vp9',
      avgFrameRate: '0/0',
      avgFps: 0,
      duration: 12.5,
    });
  });
});

describe('framesPerSecond', () => {
  it('rounds num/den up', () => {
    expect(framesPerSecond('30000/1001')).toBe(30);
    expect(framesPerSecond('60000/1001')).toBe(60);
    expect(framesPerSecond('24000/1001')).toBe(24);
    expect(framesPerSecond('25/1')).toBe(25);
    expect(framesPerSecond('50')).toBe(50);
    expect(framesPerSecond('0/0')).toBe(0);
    expect(framesPerSecond('')).toBe(0);
    expect(framesPerSecond('abc')).toBe(0);
  });
});
