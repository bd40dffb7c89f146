import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { FFPROBE, funscriptText, makeClip } from '../fixtures/media-fixtures';
import { createTestApp } from '../helpers/test-app';
import { makeTempDir } from '../helpers/temp-dir';

/*
 * A headset player's whole walk over real HTTP, as DeoVR and HereSphere do it: open the library, open a scene,
 * play its video with range requests (the bytes are a real clip, checked with ffprobe), load its script and
 * cover, and (HereSphere) write a rating back. The library is made the way an owner makes it: a folder added
 * as storage and rescanned, its files matched to a scene by name.
 */
const run = promisify(execFile);

interface DeovrLibrary {
  authorized: string;
  scenes: { name: string; list: { title: string; video_url: string; thumbnailUrl: string }[] | null }[];
}
interface DeovrScene {
  title: string;
  screenType: string;
  stereoMode: string;
  videoLength: number;
  encodings: { videoSources: { url: string; height: number; width: number }[] }[];
  fleshlight: { title: string; url: string }[];
}
interface HeresphereLibrary {
  access: number;
  library: { name: string; list: string[] }[];
}
interface HeresphereVideo {
  title: string;
  rating: number;
  projection: string;
  stereo: string;
  duration: number;
  thumbnailImage: string;
  media: { sources: { url: string; height: number }[] }[];
  scripts: { name: string; url: string }[];
}

let app: FoveaApp;
let origin: string;
let covers: Server;
let sceneId: number;

async function post<T>(
  url: string,
  body: object = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url.startsWith('http') ? url : `${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

/** Downloads a URL in two range requests (as players seek) and ffprobes the joined bytes. */
async function playByRanges(url: string): Promise<{ duration: number; width: number; height: number }> {
  const head = await fetch(url, { headers: { range: 'bytes=0-1023' } });
  expect(head.status).toBe(206);
  const total = Number(/\/(\d+)$/.exec(head.headers.get('content-range') ?? '')?.[1]);
  expect(total).toBeGreaterThan(1024);
  const tail = await fetch(url, { headers: { range: `bytes=1024-${total - 1}` } });
  expect(tail.status).toBe(206);
  const bytes = Buffer.concat([Buffer.from(await head.arrayBuffer()), Buffer.from(await tail.arrayBuffer())]);
  expect(bytes.length).toBe(total);
  const file = join(makeTempDir('fovea-played-'), 'played.mp4');
  writeFileSync(file, bytes);
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const probe = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_type: string; width?: number; height?: number }[];
  };
  const video = probe.streams.find((stream) => stream.codec_type === 'video');
  return { duration: Number(probe.format.duration), width: video?.width ?? 0, height: video?.height ?? 0 };
}

beforeAll(async () => {
  const cover = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#357' } })
    .webp()
    .toBuffer();
  covers = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/webp' }).end(cover);
  });
  await new Promise<void>((resolve) => covers.listen(0, '127.0.0.1', resolve));

  const folder = makeTempDir('fovea-headset-library-');
  mkdirSync(folder, { recursive: true });
  await makeClip(join(folder, 'Sunset Walk_180_sbs.mp4'), {
    width: 640,
    height: 320,
    fps: '25',
    seconds: 3,
    codec: 'h264',
  });
  writeFileSync(
    join(folder, 'Sunset Walk_180_sbs.funscript'),
    funscriptText([
      { at: 0, pos: 0 },
      { at: 500, pos: 100 },
      { at: 1000, pos: 0 },
    ]),
  );

  // The image proxy refuses loopback: the covers host is a name the app maps to 127.0.0.1.
  app = await createTestApp({ imageHostMap: { 'covers.test': '127.0.0.1' } });
  origin = await app.listen();
  const coverOrigin = `http://covers.test:${(covers.address() as AddressInfo).port}`;
  sceneId = await libraryFactory(app.database.db).scene({
    title: 'Sunset Walk',
    site: 'Example VR',
    cover_url: `${coverOrigin}/sunset.webp`,
    filenames_arr: JSON.stringify(['Sunset Walk_180_sbs.mp4', 'Sunset Walk_180_sbs.funscript']),
  });
  const added = await fetch(`${origin}/api/options/storage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'local', path: folder }),
  });
  expect(added.status).toBe(200);
  await app.queue.idle();
  await fetch(`${origin}/api/task/rescan`);
  await app.queue.idle();
}, 60_000);

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => covers.close(resolve));
});

describe('a DeoVR client pointed at Fovea', () => {
  it('gets the library, the scene, a playable source, the script and a JPEG cover', async () => {
    const library = await post<DeovrLibrary>('/deovr');
    expect(library.body.authorized).toBe('1');
    const recent = library.body.scenes.find((section) => section.name === 'Recent');
    const entry = recent?.list?.find((item) => item.title === 'Sunset Walk');
    expect(entry?.video_url).toBe(`${origin}/deovr/${sceneId}`);

    const cover = await fetch(entry?.thumbnailUrl ?? '');
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(700);

    const scene = (await post<DeovrScene>(entry?.video_url ?? '')).body;
    expect([scene.screenType, scene.stereoMode, scene.videoLength]).toEqual(['dome', 'sbs', 3]);
    const source = scene.encodings[0]?.videoSources[0];
    expect([source?.width, source?.height]).toEqual([640, 320]);
    expect(await playByRanges(source?.url ?? '')).toEqual({ duration: 3, width: 640, height: 320 });

    const script = scene.fleshlight[0];
    expect(script?.title).toBe('Sunset Walk_180_sbs.funscript');
    const actions = ((await (await fetch(script?.url ?? '')).json()) as { actions: unknown[] }).actions;
    expect(actions).toHaveLength(3);
  });
});

describe('a HereSphere client pointed at Fovea', () => {
  it('gets the library and the video with a playable source, and writes a rating back once allowed', async () => {
    const library = await post<HeresphereLibrary>('/heresphere');
    expect(library.headers.get('heresphere-json-version')).toBe('1');
    const link = library.body.library.find((section) => section.name === 'Recent')?.list[0];
    expect(link).toBe(`${origin}/heresphere/${sceneId}`);

    const video = (await post<HeresphereVideo>(link ?? '', { needsMediaSource: true })).body;
    expect([video.projection, video.stereo, video.duration]).toEqual(['equirectangular', 'sbs', 3000]);
    expect(video.thumbnailImage.startsWith(`${origin}/img/700x,jpeg/`)).toBe(true);
    expect(await playByRanges(video.media[0]?.sources[0]?.url ?? '')).toMatchObject({ duration: 3 });
    expect(video.scripts.map((script) => script.name)).toEqual(['Sunset Walk_180_sbs.funscript']);

    // Rating updates are off by default: the rating HereSphere sends is ignored.
    expect((await post<HeresphereVideo>(link ?? '', { rating: 4 })).body.rating).toBe(0);
    const saved = await fetch(`${origin}/api/options/interface/deovr`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ allow_rating_updates: true }),
    });
    expect(saved.status).toBe(200);
    expect((await post<HeresphereVideo>(link ?? '', { rating: 4 })).body.rating).toBe(4);
    const stored = await fetch(`${origin}/api/scene/${sceneId}`);
    expect(((await stored.json()) as { star_rating: number }).star_rating).toBe(4);
  });
});

/** A raw request (no automatic decompression): the status, headers and body bytes as sent. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>(
    (resolve, reject) => {
      const call = httpRequest(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
      });
      call.on('error', reject);
      call.end(body);
    },
  );
}

describe('answer compression for players on Wi-Fi', () => {
  it('gzips the library answers for a player that accepts gzip, and sends plain JSON otherwise', async () => {
    // Enough scenes that every answer passes the 2 KB threshold.
    const factory = libraryFactory(app.database.db);
    for (let i = 0; i < 80; i++) {
      await factory.scene({ title: `Filler ${i}`, site: 'Example VR', is_available: 1, is_accessible: 1 });
    }
    const json = { 'content-type': 'application/json' };
    for (const path of ['/deovr', '/heresphere', '/heresphere/scan']) {
      const zipped = await raw(`${origin}${path}`, 'POST', { ...json, 'accept-encoding': 'gzip' }, '{}');
      expect(zipped.headers['content-encoding'], `${path} (${zipped.bytes.length} bytes)`).toBe('gzip');
      const plain = await raw(`${origin}${path}`, 'POST', json, '{}');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(
        JSON.parse(plain.bytes.toString('utf8')),
      );
    }
  });

  it('never compresses a video stream', async () => {
    const scene = (await post<DeovrScene>(`/deovr/${sceneId}`)).body;
    const url = scene.encodings[0]?.videoSources[0]?.url ?? '';
    const video = await raw(url, 'GET', { 'accept-encoding': 'gzip', range: 'bytes=0-99' });
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.bytes.length).toBe(100);
  });
});
