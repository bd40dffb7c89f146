import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { setLogin } from '../auth/auth-fixture';
import { libraryFactory } from '../factories/library.factory';
import { makeClip } from '../fixtures/media-fixtures';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { ALL_SCENES, setDeoSections } from '../players/deovr/deovr-fixture';
import { DeoLibrarySchema, DeoVideoSchema } from '../players/schemas/deovr.schemas';
import { VideoSchema } from '../players/schemas/heresphere.schemas';

/*
 * DeoVR and HereSphere show a scene without a cover by its video frame: their thumbnail keys point at
 * /api/dms/frame/{id}, with the media token while the app's login is set.
 */

const HOST = '192.168.1.30:9999';
const ORIGIN = `http://${HOST}`;

let app: FoveaApp;
let mediaDir: string;
let custom: number;
let bare: number;

const player = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  app.http.inject({ method, url, headers: { host: HOST }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  app = await createTestApp();
  mediaDir = makeTempDir('fovea-frame-players-');
  await makeClip(join(mediaDir, 'custom.mp4'), {
    width: 320,
    height: 180,
    fps: '25',
    seconds: 2,
    codec: 'h264',
  });
  const f = libraryFactory(app.database.db);
  const volume = await f.volume({ path: mediaDir });
  custom = await f.scene({ title: 'Custom', cover_url: 'http://localhost/dont_cause_errors' });
  bare = await f.scene({ title: 'Bare', cover_url: '' });
  await f.file({ volume_id: volume, path: mediaDir, filename: 'custom.mp4', scene_id: custom });
  await f.file({ volume_id: volume, path: mediaDir, filename: 'bare.mp4', scene_id: bare });
  await app.sceneStatus.refreshScenes([custom, bare]);
  await setDeoSections(app, [{ name: 'All', ordering: 1, params: ALL_SCENES }]);
});
afterAll(async () => {
  await app.close();
  removeTempDir(mediaDir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('without a login', () => {
  it('points DeoVR library and scene thumbnails at the frame', async () => {
    const library = DeoLibrarySchema.parse((await player('/deovr')).json());
    const entries = library.scenes.flatMap((section) => section.list ?? []);
    const thumbnails = Object.fromEntries(entries.map((entry) => [entry.title, entry.thumbnailUrl]));
    expect(thumbnails).toEqual({
      Custom: `${ORIGIN}/api/dms/frame/${custom}`,
      Bare: `${ORIGIN}/api/dms/frame/${bare}`,
    });
    const video = DeoVideoSchema.parse((await player(`/deovr/${custom}`)).json());
    expect(video.thumbnailUrl).toBe(`${ORIGIN}/api/dms/frame/${custom}`);
  });

  it('points the HereSphere thumbnail at the frame, which is a JPEG', async () => {
    const video = VideoSchema.parse((await player(`/heresphere/${custom}`, 'POST', {})).json());
    expect(video.thumbnailImage).toBe(`${ORIGIN}/api/dms/frame/${custom}`);
    const frame = await player(new URL(video.thumbnailImage).pathname);
    expect([frame.statusCode, frame.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });
});

describe('with a login', () => {
  beforeAll(async () => {
    await setLogin(app);
  });

  it('hands out the frame URL with a media token that opens it, and only it', async () => {
    const video = DeoVideoSchema.parse((await player(`/deovr/${custom}`)).json());
    expect(video.thumbnailUrl).toMatch(
      new RegExp(`^${ORIGIN}/api/dms/frame/${custom}\\?fovea_token=[\\w-]{22}$`),
    );
    const url = new URL(video.thumbnailUrl);
    const opened = await player(url.pathname + url.search);
    expect([opened.statusCode, opened.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await player(url.pathname)).statusCode).toBe(401);
    expect((await player(`/api/dms/frame/${bare}${url.search}`)).statusCode).toBe(401);

    const heresphere = VideoSchema.parse((await player(`/heresphere/${custom}`, 'POST', {})).json());
    expect(heresphere.thumbnailImage).toBe(video.thumbnailUrl);
  });
});
