import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';
import { createTestApp } from '../../helpers/test-app';
import { startTrailerSite } from '../../helpers/trailer-site-server';
import { LibrarySchema, ScanSchema, VideoSchema } from '../schemas/heresphere.schemas';
import { HEADER, seedScene, setOptions, type SeededScene } from './heresphere-fixture';

let app: FoveaApp;
let scene: SeededScene;
let unmatched: number;
let trailerScene: number;
const ORIGIN = 'http://192.168.1.20:9999';

beforeAll(async () => {
  app = await createTestApp();
  scene = await seedScene(app);
  const f = libraryFactory(app.database.db);
  const volume = await f.volume();
  unmatched = await f.file({
    volume_id: volume,
    filename: 'loose_360_TB.mp4',
    projection: '360_tb',
    video_width: 4096,
    video_height: 4096,
    duration: 90.5,
    size: 2_000_000,
    created_time: '2024-03-02T10:00:00.000Z',
  });
  trailerScene = await f.scene({
    title: 'Coming soon',
    trailerlist: 1,
    trailer_type: 'url',
    trailer_source: 'https://trailers.example/one_1080p.mp4',
    release_date: '2023-01-02',
  });
});
afterAll(() => app.close());

const call = (url: string, payload?: object, method: 'GET' | 'POST' | 'HEAD' = 'POST', headers = {}) =>
  app.http.inject({
    method,
    url,
    headers: { host: '192.168.1.20:9999', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

describe('HereSphere library', () => {
  it('lists the deo-enabled saved searches, Unmatched and Trailers, with the version header', async () => {
    const response = await call('/heresphere', {});
    expect(response.statusCode).toBe(200);
    expect(response.headers[HEADER]).toBe('1');
    const body = LibrarySchema.parse(response.json());
    expect(body.access).toBe(1);
    expect(body.library.map((section) => section.name)).toEqual([
      'Recent',
      'Favourite',
      'Watchlist',
      'Unmatched',
      'Trailers',
    ]);
    const [recent, favourite, watchlist, loose, trailers] = body.library;
    expect(recent?.list).toEqual([`${ORIGIN}/heresphere/${scene.id}`]);
    expect(favourite?.list).toEqual([`${ORIGIN}/heresphere/${scene.id}`]);
    expect(watchlist?.list).toEqual([]);
    expect(loose?.list).toEqual([`${ORIGIN}/heresphere/file/${unmatched}`]);
    expect(trailers?.list).toEqual([`${ORIGIN}/heresphere/${trailerScene}`]);
  });

  it('answers GET like POST, and https links behind a TLS proxy', async () => {
    const response = await call('/heresphere', undefined, 'GET', { 'x-forwarded-proto': 'https, http' });
    const body = LibrarySchema.parse(response.json());
    expect(body.library[0]?.list?.[0]).toBe(`https://192.168.1.20:9999/heresphere/${scene.id}`);
  });

  it('leaves Trailers out while the trailer list is off', async () => {
    await setOptions(app, (o) => ({ ...o, web: { ...o.web, sceneTrailerlist: false } }));
    const body = LibrarySchema.parse((await call('/heresphere', {})).json());
    expect(body.library.map((section) => section.name)).not.toContain('Trailers');
    await setOptions(app, (o) => ({ ...o, web: { ...o.web, sceneTrailerlist: true } }));
  });

  it('answers HEAD with an empty 200 and the header', async () => {
    const response = await call('/heresphere', undefined, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers[HEADER]).toBe('1');
  });
});

describe('HereSphere video data', () => {
  it('describes a scene in HereSphere format', async () => {
    const response = await call(`/heresphere/${scene.id}`, { needsMediaSource: true });
    expect(response.headers[HEADER]).toBe('1');
    const video = VideoSchema.parse(response.json());
    const file = (id: number, name: string, dnt = true) =>
      `${ORIGIN}/api/dms/file/${id}/${encodeURIComponent(name)}${dnt ? '?dnt=true' : ''}`;
    const [sbs, flat, script, subtitle] = scene.fileIds as [number, number, number, number];
    expect(video).toMatchObject({
      title: `${scene.id} - Scene\uA789 One`,
      description: 'About one',
      thumbnailImage: `${ORIGIN}/img/700x,jpeg/https:/cdn.example/one.jpg`,
      dateReleased: '2024-05-01',
      duration: 600_000,
      rating: 4,
      isFavorite: true,
      projection: 'equirectangular',
      stereo: 'sbs',
      fov: 180,
      lens: 'Linear',
      eventServer: `${ORIGIN}/heresphere/events/${scene.id}`,
      scripts: [{ name: 'a-one.funscript', url: file(script, 'a-one.funscript') }],
      subtitles: [{ name: 'a-one.de.srt', language: 'German', url: file(subtitle, 'a-one.de.srt') }],
      writeFavorite: false,
      writeRating: false,
      writeTags: false,
      writeHSP: false,
    });
    expect(video.thumbnailVideo).toBeUndefined();
    expect(video.hsp).toBeUndefined();
    expect(video.dateAdded).toBe('2024-01-01');
    const title = `${scene.id} - Scene\uA789 One`;
    expect(video.media).toEqual([
      {
        name: 'File 1/2 2880p - 9.1 GB',
        sources: [
          { resolution: 2880, height: 2880, width: 5760, size: 9_100_000_000, url: file(sbs, title, false) },
        ],
      },
      {
        name: 'File 2/2 1080p - 820 MB',
        sources: [
          { resolution: 1080, height: 1080, width: 1920, size: 820_400_000, url: file(flat, title, false) },
        ],
      },
    ]);
    const names = video.tags.map((tag) => tag.name);
    for (const expected of [
      'Studio:SiteX',
      'Talent:Ann',
      'Talent:Jane Doe',
      'Talent:aka:Jane Doe/Janey',
      'Category:blonde',
      'Tag Group:Hair',
      'Feature:Resolution: 6K',
      'Feature:Frame Rate: 60fps',
      'Feature:Multiple video files',
      'Feature:Has cuepoints',
      'Feature:Actor Cup Size D',
      'Feature:Cast: 2',
      'Feature:Is scripted',
      'Feature:Has subtitles',
      'Feature:FOV: 180°',
      'Feature:Month: 2024-05',
      'Feature:Year: 2024',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names).not.toContain('Feature:Watchlist');
    // Default options: multitrack cuepoints with cast tracks.
    expect(video.tags.filter((tag) => tag.start !== undefined)).toEqual([
      { name: 'standing', start: 10_000, end: 99_999, track: 0, rating: 0 },
      { name: 'cowgirl', start: 100_000, end: 600_000, track: 0, rating: 0 },
      { name: 'blowjob', start: 10_000, end: 99_999, track: 1, rating: 0 },
      { name: 'Talent:Jane Doe', start: 100_000, end: 600_000, track: 2, rating: 0 },
    ]);
  });

  it('uses the heatmap thumbnail for a scripted scene with render_heatmaps, and tracks when asked to', async () => {
    await setOptions(app, (o) => ({
      ...o,
      interfaces: {
        ...o.interfaces,
        deovr: { ...o.interfaces.deovr, render_heatmaps: true, track_watch_time: true },
      },
    }));
    const video = VideoSchema.parse((await call(`/heresphere/${scene.id}`, {})).json());
    expect(video.thumbnailImage).toBe(`${ORIGIN}/imghm/${scene.id}/https:/cdn.example/one.jpg`);
    expect(video.media[0]?.sources[0]?.url).not.toContain('dnt=true');
    await setOptions(app, (o) => ({
      ...o,
      interfaces: {
        ...o.interfaces,
        deovr: { ...o.interfaces.deovr, render_heatmaps: false, track_watch_time: false },
      },
    }));
    const untracked = VideoSchema.parse((await call(`/heresphere/${scene.id}`, {})).json());
    expect(untracked.media[0]?.sources[0]?.url).toContain('?dnt=true');
  });

  it('gives trailer media to a trailer-list scene without files, unless the player needs no media', async () => {
    const video = VideoSchema.parse(
      (await call(`/heresphere/${trailerScene}`, { needsMediaSource: true })).json(),
    );
    expect(video.media).toEqual([
      {
        name: 'Trailer',
        sources: [
          { resolution: 0, height: 0, width: 0, size: 0, url: 'https://trailers.example/one_1080p.mp4' },
        ],
      },
    ]);
    expect(video.tags.map((tag) => tag.name)).toContain('Feature:Trailer List');
    const lean = VideoSchema.parse(
      (await call(`/heresphere/${trailerScene}`, { needsMediaSource: false })).json(),
    );
    expect(lean.media).toEqual([]);
  });

  it('resolves trailers from a HereSphere trailer source when asked', async () => {
    const site = await startTrailerSite();
    try {
      site.routes.set('/hs/1', {
        body: JSON.stringify({
          media: [
            {
              name: 'h264',
              sources: [
                { resolution: 1080, height: 1080, width: 2160, size: 5, url: `${site.origin}/t1080.mp4` },
                { resolution: 2160, height: 2160, width: 4320, size: 9, url: `${site.origin}/t2160.mp4` },
              ],
            },
          ],
        }),
      });
      const id = await libraryFactory(app.database.db).scene({
        trailerlist: 1,
        trailer_type: 'heresphere',
        trailer_source: `${site.origin}/hs/1`,
      });
      const video = VideoSchema.parse((await call(`/heresphere/${id}`, {})).json());
      expect(video.media).toEqual([
        {
          name: 'Trailer',
          sources: [
            { resolution: 2160, height: 2160, width: 4320, size: 9, url: `${site.origin}/t2160.mp4` },
            { resolution: 1080, height: 1080, width: 2160, size: 5, url: `${site.origin}/t1080.mp4` },
          ],
        },
      ]);
      expect(site.requests.map((request) => request.method)).toEqual(['POST']);
    } finally {
      await site.close();
    }
  });

  it('adds the preview clip and the alpha settings when the scene has them', async () => {
    const f = libraryFactory(app.database.db);
    const volume = await f.volume();
    const id = await f.scene({ title: 'Passthrough', scene_id: 'alpha-1', release_date: null });
    await f.file({
      volume_id: volume,
      scene_id: id,
      projection: 'flat',
      has_alpha: 1,
      video_width: 1920,
      video_height: 1080,
    });
    writeFileSync(join(app.paths.previews, 'alpha-1.mp4'), 'clip');
    await app.sceneStatus.refreshScenes([id]);
    const video = VideoSchema.parse((await call(`/heresphere/${id}`, {})).json());
    expect(video.thumbnailVideo).toBe(`${ORIGIN}/api/dms/preview/alpha-1`);
    expect(video.alphaPackedSettings).toEqual({ defaultSettings: true });
    expect(video.dateReleased).toBeUndefined();
    expect([video.projection, video.stereo]).toEqual(['perspective', 'mono']);
    const names = video.tags.map((tag) => tag.name);
    expect(names).toContain('Feature:Flat video');
    expect(names).toContain('Feature:Is Alpha Passthrough');
    expect(names.filter((name) => name.startsWith('Feature:FOV'))).toEqual([]);
  });

  it('takes null fields as absent', async () => {
    const response = await call(`/heresphere/${scene.id}`, { rating: null, hsp: null, tags: null });
    expect(response.statusCode).toBe(200);
    expect(VideoSchema.parse(response.json()).rating).toBe(4);
  });

  it('answers 404 for an unknown scene and 400 for a bad body, both with the header', async () => {
    const missing = await call('/heresphere/999999', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.headers[HEADER]).toBe('1');
    expect(missing.json()).toMatchObject({ message: 'There is no scene 999999' });
    const bad = await call(`/heresphere/${scene.id}`, { rating: 'five' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers[HEADER]).toBe('1');
    expect(bad.json<{ message: string }>().message).toContain('rating');
  });

  it('describes an unmatched file, 360° top-bottom at half height', async () => {
    const video = VideoSchema.parse((await call(`/heresphere/file/${unmatched}`, {})).json());
    expect(video).toMatchObject({
      title: 'loose_360_TB.mp4',
      dateReleased: '2024-03-02',
      dateAdded: '2024-03-02',
      duration: 90_500,
      projection: 'equirectangular360',
      stereo: 'tb',
      media: [
        {
          name: 'File 1/1 2048p - 2.0 MB',
          sources: [
            {
              resolution: 2048,
              height: 4096,
              width: 4096,
              size: 2_000_000,
              url: `${ORIGIN}/api/dms/file/${unmatched}/loose_360_TB.mp4?dnt=true`,
            },
          ],
        },
      ],
    });
    expect((await call('/heresphere/file/999999', {})).statusCode).toBe(404);
  });
});

describe('HereSphere scan', () => {
  it('answers one entry per scene of the sections, duration in milliseconds', async () => {
    const response = await call('/heresphere/scan', {});
    expect(response.headers[HEADER]).toBe('1');
    const body = ScanSchema.parse(response.json());
    // Every available scene once, though the scene is in two sections (Recent and Favourite).
    const links = body.scanData.map((entry) => entry.link);
    expect(new Set(links).size).toBe(links.length);
    const library = LibrarySchema.parse((await call('/heresphere', {})).json());
    expect(links).toEqual(library.library[0]?.list);
    const entry = body.scanData.find((item) => item.link === `${ORIGIN}/heresphere/${scene.id}`);
    expect(entry).toMatchObject({
      title: `${scene.id} - Scene\uA789 One`,
      dateReleased: '2024-05-01',
      duration: 600_000,
      rating: 4,
      isFavorite: true,
    });
    expect(entry?.tags.map((tag) => tag.name)).toEqual([
      'Studio:SiteX',
      'Talent:Ann',
      'Talent:Jane Doe',
      'Category:blonde',
      'Feature:Is scripted',
    ]);
  });
});
