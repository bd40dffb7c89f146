import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { hashPlayerPassword } from '../../src/players/player-auth';
import { sceneFileUrl } from '../../src/players/player-urls';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import {
  ALL_SCENES,
  seedDeoLibrary,
  setDeoSections,
  setDeovr,
  type DeoLibrarySeed,
} from '../players/deovr/deovr-fixture';
import { seedScene, type SeededScene } from '../players/heresphere/heresphere-fixture';
import { DeoDeniedSchema, DeoLibrarySchema, DeoVideoSchema } from '../players/schemas/deovr.schemas';
import { OWNER, sessionCookie, setLogin } from './auth-fixture';

/*
 * With the app's login set, the headset players keep answering by their own login, and the media URLs of their
 * answers carry a token that opens exactly that path (GET/HEAD), until the login changes.
 */

const HOST = '192.168.1.25:9999';
const ORIGIN = `http://${HOST}`;
/** A cover the image proxy gives up on at once (nothing listens on port 9). */
const COVER = 'http://127.0.0.1:9/covers/one.jpg?size=big';

let app: FoveaApp;
let seed: DeoLibrarySeed;
let scene: SeededScene;
let cookie: string;

beforeAll(async () => {
  app = await createTestApp();
  seed = await seedDeoLibrary(app);
  scene = await seedScene(app);
  await app.database.db.updateTable('scenes').set({ cover_url: COVER }).execute();
  await setDeoSections(app, [{ name: 'All', ordering: 1, params: ALL_SCENES }]);
  await setDeovr(app, { track_watch_time: false });
});
afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const player = (url: string, method: 'GET' | 'POST' | 'HEAD' = 'GET', payload?: object | string) =>
  app.http.inject({
    method,
    url,
    headers: {
      host: HOST,
      ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });

const pathOf = (url: string) => url.slice(ORIGIN.length);
const withoutToken = (path: string) => path.replace(/[?&]fovea_token=[\w-]+$/, '');

/** Every media URL of a DeoVR scene answer. */
function deoMedia(body: unknown): string[] {
  const video = DeoVideoSchema.parse(body);
  return [
    video.thumbnailUrl,
    ...(video.videoPreview ? [video.videoPreview] : []),
    ...[...video.encodings, ...video.encodings_spatial].flatMap((encoding) =>
      encoding.videoSources.map((source) => source.url),
    ),
    ...video.fleshlight.map((script) => script.url),
    ...video.hsp.map((file) => file.url),
  ];
}

describe('without a login', () => {
  it('hands out media URLs without a token', async () => {
    const urls = deoMedia((await player(`/deovr/${seed.one}`)).json());
    expect(urls.length).toBeGreaterThan(4);
    for (const url of urls) expect(url).not.toContain('fovea_token');
  });
});

describe('with a login', () => {
  beforeAll(async () => {
    cookie = await setLogin(app);
  });

  it('keeps /deovr open, with a token on every media URL and none on the player links', async () => {
    const library = DeoLibrarySchema.parse((await player('/deovr', 'POST', '')).json());
    expect(library.authorized).toBe('1');
    const entries = library.scenes.flatMap((section) => section.list ?? []);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.video_url).not.toContain('fovea_token');
      if (entry.thumbnailUrl !== '') expect(entry.thumbnailUrl).toMatch(/&fovea_token=[\w-]{22}$/);
    }
    const urls = deoMedia((await player(`/deovr/${seed.one}`)).json());
    expect(urls.length).toBeGreaterThan(4);
    for (const url of urls)
      expect(url).toMatch(/^http:\/\/192\.168\.1\.25:9999\/.*[?&]fovea_token=[\w-]{22}$/);
    // The file name DeoVR finds the funscript by and the dnt switch stay as they were.
    const video = DeoVideoSchema.parse((await player(`/deovr/${seed.one}`)).json());
    const plain = sceneFileUrl(ORIGIN, seed.videoOne, seed.one, 'Scene: One', '?dnt=true');
    expect(video.encodings[0]?.videoSources[0]?.url.startsWith(`${plain}&fovea_token=`)).toBe(true);
    expect(video.thumbnailUrl).toMatch(
      /\/img\/700x,jpeg\/http:\/127\.0\.0\.1:9\/covers\/one\.jpg\?size=big&fovea_token=/,
    );
  });

  it('opens each media URL with its token, and refuses it without, with a wrong or another path’s token', async () => {
    const paths = deoMedia((await player(`/deovr/${seed.one}`)).json()).map(pathOf);
    const tokens = paths.map((path) => /fovea_token=([\w-]+)$/.exec(path)?.[1] ?? '');
    for (const [index, path] of paths.entries()) {
      for (const method of ['GET', 'HEAD'] as const) {
        const served = await app.http.inject({ method, url: path, headers: { host: HOST } });
        expect(served.statusCode, `${method} ${path}`).not.toBe(401);
      }
      const bare = withoutToken(path);
      const glue = bare.includes('?') ? '&' : '?';
      const other = tokens[(index + 1) % tokens.length] ?? '';
      for (const refused of [
        bare,
        `${bare}${glue}fovea_token=AAAAAAAAAAAAAAAAAAAAAA`,
        `${bare}${glue}fovea_token=${other}`,
      ]) {
        expect((await player(refused)).statusCode, refused).toBe(401);
      }
      expect((await player(path, 'POST', '')).statusCode).toBe(401);
    }
  });

  it('streams a HereSphere file with its token, dnt kept, and honours the players’ own login', async () => {
    const answer = await player(`/heresphere/${scene.id}`, 'POST', {});
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{
      media: { sources: { url: string }[] }[];
      scripts: { url: string }[];
      subtitles: { url: string }[];
      thumbnailImage: string;
      eventServer: string;
    }>();
    const file = body.media[0]?.sources[0]?.url ?? '';
    expect(file).toMatch(/\/api\/dms\/file\/\d+\/.*\?dnt=true&fovea_token=/);
    const streamed = await player(pathOf(file));
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toBe('x');
    for (const url of [...body.scripts.map((s) => s.url), ...body.subtitles.map((s) => s.url)]) {
      expect((await player(pathOf(url))).statusCode).toBe(200);
      expect((await player(withoutToken(pathOf(url)))).statusCode).toBe(401);
    }
    expect(body.thumbnailImage).toMatch(/fovea_token=/);
    expect(body.eventServer).not.toContain('fovea_token');
    expect((await player(pathOf(body.eventServer), 'POST', { event: 1, time: 0 })).statusCode).toBe(200);

    await setDeovr(app, {
      auth_enabled: true,
      username: 'deo',
      password: await hashPlayerPassword('player pass'),
    });
    try {
      const denied = await player('/deovr');
      expect(denied.statusCode).toBe(200);
      expect(DeoDeniedSchema.parse(denied.json()).authorized).toBe('0');
      const heresphere = await player('/heresphere', 'POST', {});
      expect(heresphere.statusCode).toBe(200);
      expect(heresphere.json()).toMatchObject({ access: 0 });
      const granted = await player('/deovr', 'POST', 'login=deo&password=player%20pass');
      expect(DeoLibrarySchema.parse(granted.json()).authorized).toBe('1');
    } finally {
      await setDeovr(app, { auth_enabled: false, username: '', password: '' });
    }
  });

  it('voids every token handed out when the login changes', async () => {
    const paths = deoMedia((await player(`/deovr/${seed.one}`)).json()).map(pathOf);
    const changed = await app.http.inject({
      method: 'PUT',
      url: '/api/auth/credentials',
      headers: { cookie },
      payload: { username: 'owner', password: 'another long password', currentPassword: OWNER.password },
    });
    expect(changed.statusCode).toBe(200);
    cookie = sessionCookie(changed);
    for (const path of paths) expect((await player(path)).statusCode, path).toBe(401);
    const fresh = deoMedia((await player(`/deovr/${seed.one}`)).json()).map(pathOf);
    for (const path of fresh) expect((await player(path)).statusCode, path).not.toBe(401);
  });
});
