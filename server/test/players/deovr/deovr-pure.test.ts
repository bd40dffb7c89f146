import type { File, Scene } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { codecRank, orderFiles } from '../../../src/players/file-order';
import { funscriptTitle } from '../../../src/players/funscript-title';
import { parsePlayerBody } from '../../../src/players/player-body';
import { PlayerHosts } from '../../../src/players/player-hosts';
import { coverThumbnailUrl, dntSuffix, humanSize, sceneFileUrl } from '../../../src/players/player-urls';
import { deoProjectionOf, sceneDeoProjection } from '../../../src/players/deovr/deovr-projection';
import { deoChromaKey, deoDate, deoTimeStamps } from '../../../src/players/deovr/deovr-video';

let nextId = 1;
function fileOf(values: Partial<File>): File {
  const id = values.id ?? nextId++;
  return {
    id,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    volume_id: 1,
    path: '/v',
    filename: `f${id}.mp4`,
    size: 0,
    oshash: '',
    created_time: '2024-01-01T00:00:00Z',
    updated_time: '2024-01-01T00:00:00Z',
    type: 'video',
    scene_id: 1,
    video_width: 0,
    video_height: 0,
    video_bitrate: 0,
    video_avgfps_val: 0,
    video_codec_name: '',
    duration: 0,
    projection: '180_sbs',
    has_alpha: false,
    has_heatmap: false,
    is_selected_script: false,
    is_exported: false,
    refresh_heatmap_cache: false,
    ...values,
  };
}

const names = (files: File[]) => files.map((file) => file.filename);

describe('orderFiles', () => {
  const a = fileOf({
    filename: 'a.mp4',
    video_height: 1080,
    size: 300,
    video_codec_name: 'h264',
    duration: 50,
  });
  const b = fileOf({
    filename: 'b.mp4',
    video_height: 2880,
    size: 100,
    video_codec_name: 'hevc',
    duration: 10,
  });
  const c = fileOf({
    filename: 'c.mp4',
    video_height: 1920,
    size: 200,
    video_codec_name: 'vp9',
    duration: 30,
  });

  it('sorts by filename by default and keeps the input untouched', () => {
    const input = [c, a, b];
    expect(names(orderFiles(input, 'filename', 'video'))).toEqual(['a.mp4', 'b.mp4', 'c.mp4']);
    expect(names(input)).toEqual(['c.mp4', 'a.mp4', 'b.mp4']);
  });

  it('applies each video key ascending and with desc', () => {
    expect(names(orderFiles([a, b, c], 'resolution desc', 'video'))).toEqual(['b.mp4', 'c.mp4', 'a.mp4']);
    expect(names(orderFiles([a, b, c], 'resolution', 'video'))).toEqual(['a.mp4', 'c.mp4', 'b.mp4']);
    expect(names(orderFiles([a, b, c], 'size', 'video'))).toEqual(['b.mp4', 'c.mp4', 'a.mp4']);
    expect(names(orderFiles([a, b, c], 'duration desc', 'video'))).toEqual(['a.mp4', 'c.mp4', 'b.mp4']);
    expect(names(orderFiles([a, b, c], 'codec', 'video'))).toEqual(['b.mp4', 'a.mp4', 'c.mp4']);
    expect(names(orderFiles([a, b, c], 'codec desc', 'video'))).toEqual(['c.mp4', 'a.mp4', 'b.mp4']);
  });

  it('uses later keys to break ties, then filename', () => {
    const x = fileOf({ filename: 'x.mp4', video_height: 1080, video_bitrate: 5 });
    const y = fileOf({ filename: 'y.mp4', video_height: 1080, video_bitrate: 9 });
    const z = fileOf({ filename: 'z.mp4', video_height: 2160, video_bitrate: 1 });
    expect(names(orderFiles([x, y, z], 'resolution desc, bitrate desc', 'video'))).toEqual([
      'z.mp4',
      'y.mp4',
      'x.mp4',
    ]);
    expect(names(orderFiles([y, x], 'frame_rate', 'video'))).toEqual(['x.mp4', 'y.mp4']);
  });

  it('orders scripts by selection and times, ignoring video-only keys', () => {
    const s1 = fileOf({ filename: 's1.funscript', type: 'script', created_time: '2024-03-01T00:00:00Z' });
    const s2 = fileOf({
      filename: 's2.funscript',
      type: 'script',
      is_selected_script: true,
      created_time: '2024-01-01T00:00:00Z',
    });
    expect(names(orderFiles([s1, s2], 'is_selected desc', 'script'))).toEqual([
      's2.funscript',
      's1.funscript',
    ]);
    expect(names(orderFiles([s2, s1], 'created_time desc', 'script'))).toEqual([
      's1.funscript',
      's2.funscript',
    ]);
    expect(names(orderFiles([s2, s1], 'resolution desc', 'subtitle'))).toEqual([
      's1.funscript',
      's2.funscript',
    ]);
  });

  it('ranks codecs hevc/h265, then h264, then others', () => {
    expect([codecRank('HEVC'), codecRank('h265'), codecRank('h264'), codecRank('av1')]).toEqual([0, 0, 1, 2]);
  });
});

describe('DeoVR projection', () => {
  it('maps every projection of the reference table', () => {
    expect(deoProjectionOf('mkx200')).toEqual({ screenType: 'mkx200', stereoMode: 'sbs' });
    expect(deoProjectionOf('vrca220')).toEqual({ screenType: 'vrca220', stereoMode: 'sbs' });
    expect(deoProjectionOf('rf52')).toEqual({ screenType: 'rf52', stereoMode: 'sbs' });
    expect(deoProjectionOf('fisheye190')).toEqual({ screenType: 'fisheye190', stereoMode: 'sbs' });
    expect(deoProjectionOf('180_sbs')).toEqual({ screenType: 'dome', stereoMode: 'sbs' });
    expect(deoProjectionOf('360_tb')).toEqual({ screenType: 'sphere', stereoMode: 'tb' });
    expect(deoProjectionOf('flat')).toEqual({ screenType: 'flat', stereoMode: 'off' });
    expect(deoProjectionOf('360_mono')).toEqual({ screenType: 'sphere', stereoMode: 'off' });
    expect(deoProjectionOf('180_mono')).toEqual({ screenType: 'dome', stereoMode: 'off' });
    expect(deoProjectionOf('')).toEqual({ screenType: 'dome', stereoMode: 'sbs' });
  });

  it("uses the first file's projection only when all videos share it", () => {
    expect(sceneDeoProjection([fileOf({ projection: 'flat' }), fileOf({ projection: 'flat' })])).toEqual({
      screenType: 'flat',
      stereoMode: 'off',
    });
    expect(sceneDeoProjection([fileOf({ projection: 'flat' }), fileOf({ projection: '360_tb' })])).toEqual({
      screenType: 'dome',
      stereoMode: 'sbs',
    });
    expect(sceneDeoProjection([])).toEqual({ screenType: 'dome', stereoMode: 'sbs' });
  });
});

describe('player URLs and labels', () => {
  it('proxies http(s) covers through /img/700x with the :/ form', () => {
    expect(coverThumbnailUrl('https://h:1', 'https://cdn.example/a b.jpg?x=1')).toBe(
      'https://h:1/img/700x,jpeg/https:/cdn.example/a%20b.jpg?x=1',
    );
    expect(coverThumbnailUrl('http://h', '/api/x.jpg')).toBe('http://h/api/x.jpg');
    expect(coverThumbnailUrl('http://h', '')).toBe('');
  });

  it('adds dnt when remote control tracks or tracking is off', () => {
    expect(dntSuffix({ remote_enabled: false, track_watch_time: true })).toBe('');
    expect(dntSuffix({ remote_enabled: true, track_watch_time: true })).toBe('?dnt=true');
    expect(dntSuffix({ remote_enabled: false, track_watch_time: false })).toBe('?dnt=true');
  });

  it('names files like the funscript export', () => {
    expect(funscriptTitle(12, 'A: B? c/d\\e<f>g|h')).toBe('12 - A\uA789 B cdefgh');
    expect(sceneFileUrl('http://h', 5, 12, 'A: B')).toBe(
      `http://h/api/dms/file/5/${encodeURIComponent('12 - A\uA789 B')}`,
    );
  });

  it('prints sizes in SI units', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(999)).toBe('999 B');
    expect(humanSize(1200)).toBe('1.2 kB');
    expect(humanSize(82_854_982)).toBe('83 MB');
    expect(humanSize(9_100_000_000)).toBe('9.1 GB');
  });
});

describe('DeoVR scene parts', () => {
  it('gives release dates as unix seconds, never negative', () => {
    expect(deoDate('2024-05-01')).toBe(1714521600);
    expect(deoDate('1960-01-01')).toBe(0);
    expect(deoDate('')).toBe(0);
  });

  it('builds the chroma key from the passthrough JSON, or from alpha', () => {
    expect(deoChromaKey('{"enabled":"true","h":12,"s":3}', undefined)).toEqual({
      enabled: 'true',
      hasAlpha: 'false',
      h: 12,
      opacity: 0,
      s: 3,
      threshold: 0,
      v: 0,
    });
    expect(deoChromaKey('not json', fileOf({ has_alpha: true }))).toEqual({
      enabled: true,
      hasAlpha: true,
      h: 0,
      opacity: 0,
      s: 0,
      threshold: 0,
      v: 0,
    });
    expect(deoChromaKey('', fileOf({ has_alpha: false }))).toBeUndefined();
    expect(deoChromaKey('[1]', undefined)).toBeUndefined();
  });

  it('uses simple cuepoints, else track 0, sorted, in whole seconds', () => {
    const cue = (id: number, name: string, time_start: number, track?: number | null) => ({
      id,
      name,
      time_start,
      rating: 0,
      ...(track === undefined ? {} : { track }),
    });
    const scene = (cuepoints: Scene['cuepoints']) => ({ cuepoints }) as Scene;
    expect(deoTimeStamps(scene([cue(1, 'b', 20.9), cue(2, 'a', 5.2, null), cue(3, 'h', 1, 0)]))).toEqual([
      { ts: 5, name: 'a' },
      { ts: 20, name: 'b' },
    ]);
    expect(deoTimeStamps(scene([cue(1, 'x', 9, 1), cue(2, 'y', 3, 0), cue(3, 'z', 1, 0)]))).toEqual([
      { ts: 1, name: 'z' },
      { ts: 3, name: 'y' },
    ]);
  });
});

describe('player bodies and hosts', () => {
  it('parses JSON, forms and junk without failing', () => {
    expect(parsePlayerBody('{"login":"a","password":"b"}')).toEqual({ login: 'a', password: 'b' });
    expect(parsePlayerBody('login=a%20b&password=c')).toEqual({ login: 'a b', password: 'c' });
    expect(parsePlayerBody('{broken')).toEqual({});
    expect(parsePlayerBody('[1,2]')).toEqual({ '[1,2]': '' });
    expect(parsePlayerBody('')).toEqual({});
  });

  it('records the last player host, reducing IPv4-mapped addresses', () => {
    const hosts = new PlayerHosts();
    const seen: string[] = [];
    hosts.onChange((host) => seen.push(host));
    expect(hosts.lastPlayerHost()).toBeNull();
    hosts.record('::ffff:192.168.1.20');
    hosts.record('192.168.1.20');
    hosts.record(undefined);
    hosts.record('fe80::1');
    expect(hosts.lastPlayerHost()).toBe('fe80::1');
    expect(seen).toEqual(['192.168.1.20', 'fe80::1']);
  });
});
