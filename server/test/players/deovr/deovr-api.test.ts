import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { createTestApp } from '../../helpers/test-app';
import { DeoLibrarySchema, DeoVideoSchema } from '../schemas/deovr.schemas';
import {
  ALL_SCENES,
  FAVOURITES,
  seedDeoLibrary,
  setDeoSections,
  setDeovr,
  type DeoLibrarySeed,
} from './deovr-fixture';

let app: FoveaApp;
let seed: DeoLibrarySeed;
const HOST = '192.168.1.22:9999';

async function deo(
  url: string,
  method: 'GET' | 'POST' | 'HEAD' = 'GET',
  headers: Record<string, string> = {},
) {
  return app.http.inject({ method, url, headers: { host: HOST, ...headers } });
}

beforeAll(async () => {
  app = await createTestApp();
  seed = await seedDeoLibrary(app);
  await setDeoSections(app, [
    { name: 'Everything', ordering: 5, params: ALL_SCENES },
    { name: 'Favs', ordering: 1, params: FAVOURITES },
    { name: 'Broken', ordering: 2, params: '{not json' },
    { name: 'Actors', ordering: 0, params: '{}', type: 'actor' },
  ]);
});
afterAll(() => app.close());

describe('GET|POST /deovr (library)', () => {
  it('lists the deo-enabled scene searches in order with every available scene, then Unmatched', async () => {
    const response = await deo('/deovr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = DeoLibrarySchema.parse(response.json());
    expect(body.scenes.map((section) => section.name)).toEqual(['Favs', 'Everything', 'Unmatched']);
    const [favs, everything, unmatched] = body.scenes;
    expect(favs?.list).toEqual([
      {
        id: seed.one,
        title: 'Scene: One',
        videoLength: 720,
        thumbnailUrl: `http://${HOST}/img/700x,jpeg/https:/cdn.example/one.jpg`,
        video_url: `http://${HOST}/deovr/${seed.one}`,
      },
    ]);
    // dlState "any" is forced to available and accessible: no hidden scene, no scene without files.
    expect(everything?.list.map((item) => item.title)).toEqual(['Scene: One', 'Flat']);
    // No cover: the thumbnail is a frame of the scene's video.
    expect(everything?.list[1]?.thumbnailUrl).toBe(`http://${HOST}/api/dms/frame/${everything?.list[1]?.id}`);
    expect(unmatched?.list).toEqual([
      {
        title: 'loose.mp4',
        videoLength: 62,
        thumbnailUrl: '',
        video_url: `http://${HOST}/deovr/file/${seed.unmatched}`,
      },
    ]);
  });

  it('answers POST like GET and builds URLs from X-Forwarded-Proto', async () => {
    const response = await deo('/deovr', 'POST', { 'x-forwarded-proto': 'https, http' });
    const body = DeoLibrarySchema.parse(response.json());
    expect(body.scenes[0]?.list[0]?.video_url).toBe(`https://${HOST}/deovr/${seed.one}`);
  });

  it('ignores a forwarded protocol that is neither http nor https', async () => {
    const response = await deo('/deovr', 'GET', { 'x-forwarded-proto': 'ftp' });
    const body = DeoLibrarySchema.parse(response.json());
    expect(body.scenes[0]?.list[0]?.thumbnailUrl).toBe(
      `http://${HOST}/img/700x,jpeg/https:/cdn.example/one.jpg`,
    );
  });

  it('adds dnt to unmatched links when watch time is not tracked', async () => {
    await setDeovr(app, { track_watch_time: false });
    try {
      const body = DeoLibrarySchema.parse((await deo('/deovr')).json());
      expect(body.scenes.at(-1)?.list[0]?.video_url).toBe(
        `http://${HOST}/deovr/file/${seed.unmatched}?dnt=true`,
      );
    } finally {
      await setDeovr(app, { track_watch_time: true });
    }
  });

  it('answers HEAD with an empty 200', async () => {
    const response = await deo('/deovr', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('GET|POST /deovr/:id (scene)', () => {
  it('answers the scene in DeoVR format', async () => {
    const response = await deo(`/deovr/${seed.one}`, 'POST');
    expect(response.statusCode).toBe(200);
    const video = DeoVideoSchema.parse(response.json());
    const origin = `http://${HOST}`;
    const name = encodeURIComponent(`${seed.one} - Scene\uA789 One`);
    expect(video).toMatchObject({
      id: seed.one,
      title: 'Scene: One',
      authorized: 1,
      description: 'About one',
      date: 1714521600,
      paysite: { id: 1, name: 'SiteX', is3rdParty: true },
      isFavorite: true,
      isScripted: true,
      isWatchlist: true,
      is3d: true,
      thumbnailUrl: `${origin}/img/700x,jpeg/https:/cdn.example/one.jpg`,
      rating_avg: 4.5,
      screenType: 'dome',
      stereoMode: 'sbs',
      videoLength: 600,
      videoPreview: `${origin}/api/dms/preview/${seed.oneSceneId}`,
      fullVideoReady: true,
      fullAccess: true,
    });
    expect(video.encodings).toEqual([
      {
        name: 'File 1/1 2880p - 9.1 GB',
        videoSources: [
          {
            resolution: 2880,
            height: 2880,
            width: 5760,
            size: 9_100_000_000,
            url: `${origin}/api/dms/file/${seed.videoOne}/${name}`,
          },
        ],
      },
    ]);
    expect(video.encodings_spatial.map((e) => e.videoSources[0]?.url)).toEqual([
      `${origin}/api/dms/file/${seed.spatialOne}/${name}`,
    ]);
    expect(video.timeStamps).toEqual([
      { ts: 2, name: 'intro' },
      { ts: 30, name: 'kiss' },
    ]);
    expect(video.actors).toEqual([{ id: seed.actorId, name: 'Jane Doe' }]);
    expect(video.categories).toEqual([{ tag: { id: seed.tagId, name: 'pov' } }]);
    expect(video.fleshlight).toEqual([
      { title: 'one.funscript', url: `${origin}/api/dms/file/${seed.scriptOne}` },
    ]);
    expect(video.hsp).toEqual([{ title: 'a-one.hsp', url: `${origin}/api/dms/file/${seed.hspOne}` }]);
    expect(video.chromakey).toBeUndefined();
  });

  it('serves the video URL it links to (the funscript name is ignored by /api/dms/file)', async () => {
    const video = DeoVideoSchema.parse((await deo(`/deovr/${seed.one}`)).json());
    const url = new URL(video.encodings[0]?.videoSources[0]?.url ?? '');
    expect(url.pathname).toMatch(new RegExp(`^/api/dms/file/${seed.videoOne}/`));
  });

  it('maps a flat scene, passthrough settings and dnt with remote control', async () => {
    await setDeovr(app, { remote_enabled: true });
    try {
      const video = DeoVideoSchema.parse((await deo(`/deovr/${seed.flat}`)).json());
      expect(video).toMatchObject({ screenType: 'flat', stereoMode: 'off', is3d: false, videoLength: 90 });
      expect(video.videoPreview).toBeUndefined();
      expect(video.encodings[0]?.videoSources[0]?.url).toMatch(/\?dnt=true$/);
      expect(video.chromakey).toEqual({
        enabled: 'true',
        hasAlpha: 'true',
        h: 40,
        opacity: 1,
        s: 2,
        threshold: 3,
        v: 4,
      });
      expect(video.timeStamps).toEqual([]);
    } finally {
      await setDeovr(app, { remote_enabled: false });
    }
  });

  it('orders encodings by the video sort sequence', async () => {
    const f = app.database.db;
    const volume = (
      await f
        .selectFrom('files')
        .select('volume_id')
        .where('id', '=', seed.flatVideo)
        .executeTakeFirstOrThrow()
    ).volume_id;
    const big = await f
      .insertInto('files')
      .values({
        volume_id: volume,
        scene_id: seed.flat,
        path: '/videos',
        filename: 'z-flat-4k.mp4',
        type: 'video',
        projection: 'flat',
        video_width: 3840,
        video_height: 2160,
        size: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        players: { ...options.interfaces.players, video_sort_seq: 'resolution desc' },
      },
    }));
    try {
      const video = DeoVideoSchema.parse((await deo(`/deovr/${seed.flat}`)).json());
      expect(video.encodings.map((e) => e.name)).toEqual(['File 1/2 2160p - 1 B', 'File 2/2 1080p - 1.0 kB']);
      expect(video.encodings[0]?.videoSources[0]?.url).toContain(`/api/dms/file/${big.id}/`);
    } finally {
      await f.deleteFrom('files').where('id', '=', big.id).execute();
      await app.options.update((options) => ({
        ...options,
        interfaces: {
          ...options.interfaces,
          players: { ...options.interfaces.players, video_sort_seq: 'filename' },
        },
      }));
    }
  });

  it('answers 404 for an unknown scene and 400 for a bad id', async () => {
    const missing = await deo('/deovr/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'scene 999999 not found' });
    expect((await deo('/deovr/abc')).statusCode).toBe(400);
  });
});

describe('GET|POST /deovr/file/:id (unmatched file)', () => {
  it('answers the file as a DeoVR video', async () => {
    const video = DeoVideoSchema.parse((await deo(`/deovr/file/${seed.unmatched}`, 'POST')).json());
    expect(video).toMatchObject({
      id: 999_900_000 + seed.unmatched,
      title: 'loose.mp4',
      description: 'loose.mp4',
      date: Math.floor(Date.UTC(2024, 1, 3) / 1000),
      screenType: 'sphere',
      stereoMode: 'tb',
      videoLength: 62,
      thumbnailUrl: '',
    });
    expect(video.encodings).toEqual([
      {
        name: 'File 1/1 - 2.5 MB',
        videoSources: [
          {
            resolution: 4096,
            height: 4096,
            width: 4096,
            size: 2_500_000,
            url: `http://${HOST}/api/dms/file/${seed.unmatched}`,
          },
        ],
      },
    ]);
  });

  it('answers 404 for an unknown file or a file that is not a video', async () => {
    expect((await deo('/deovr/file/999999')).statusCode).toBe(404);
    expect((await deo(`/deovr/file/${seed.scriptOne}`)).statusCode).toBe(404);
  });
});

describe('disabled DeoVR and OpenAPI', () => {
  it('answers every route with an empty 200 when DeoVR is disabled', async () => {
    await setDeovr(app, { enabled: false });
    try {
      for (const url of ['/deovr', `/deovr/${seed.one}`, `/deovr/file/${seed.unmatched}`]) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await deo(url, method);
          expect(response.statusCode).toBe(200);
          expect(response.body).toBe('');
        }
      }
    } finally {
      await setDeovr(app, { enabled: true });
    }
  });

  it('documents the DeoVR routes in OpenAPI', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/deovr', '/deovr/{id}', '/deovr/file/{id}']));
  });
});
