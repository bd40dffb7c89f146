import { Scene } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const row = (id: number) =>
  app.database.db.selectFrom('scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const post = (url: string, payload: unknown) =>
  app.http.inject({ method: 'POST', url, payload: payload as object });

describe('GET /api/scene/{id}', () => {
  it('finds a scene by numeric id with every relation loaded', async () => {
    const volume = await make.volume();
    const id = await make.scene({ scene_id: 'slr-1001', title: 'Found by id', duration: 42 });
    await make.file({ volume_id: volume, scene_id: id, filename: 'a.mp4' });
    await make.cast(id, await make.actor('Read Actor'));
    await make.tagScene(id, 'read tag');
    await make.cuepoint(id);
    await make.history(id, 60);

    const response = await app.http.inject({ method: 'GET', url: `/api/scene/${id}` });
    expect(response.statusCode).toBe(200);
    const scene = Scene.parse(response.json());
    expect(scene).toMatchObject({ id, scene_id: 'slr-1001', title: 'Found by id', duration: 42 });
    expect(scene.file.map((file) => file.filename)).toEqual(['a.mp4']);
    expect(scene.cast.map((actor) => actor.name)).toEqual(['Read Actor']);
    expect(scene.tags.map((tag) => tag.name)).toEqual(['read tag']);
    expect(scene.cuepoints).toHaveLength(1);
    expect(scene.history).toHaveLength(1);
  });

  it('finds a scene by its string scene_id when the value contains "-"', async () => {
    const id = await make.scene({ scene_id: 'wankzvr-3021', title: 'By scene_id' });
    const response = await app.http.inject({ method: 'GET', url: '/api/scene/wankzvr-3021' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, title: 'By scene_id' });
  });

  it.each(['999999', 'nobody-here', 'abc', '0'])(
    'answers the zero scene for %s (xbvr-wire §2.5)',
    async (lookup) => {
      const response = await app.http.inject({ method: 'GET', url: `/api/scene/${lookup}` });
      expect(response.statusCode).toBe(200);
      const scene = response.json<Record<string, unknown>>();
      // The reference's clients check `id != 0` and read these as they read any scene.
      expect(scene).toMatchObject({ id: 0, scene_id: '', title: '', cast: [], tags: [], file: [] });
    },
  );
});

describe('POST /api/scene/toggle', () => {
  it.each([
    ['watchlist', 'watchlist'],
    ['favourite', 'favourite'],
    ['watched', 'is_watched'],
    ['trailerlist', 'trailerlist'],
    ['needs_update', 'needs_update'],
    ['is_hidden', 'is_hidden'],
    ['wishlist', 'wishlist'],
  ] as const)('flips %s on and off (column %s) and answers empty', async (list, column) => {
    const id = await make.scene();
    const { scene_id } = await row(id);
    const first = await post('/api/scene/toggle', { scene_id, list });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('null');
    expect((await row(id))[column]).toBe(1);
    await post('/api/scene/toggle', { scene_id, list });
    expect((await row(id))[column]).toBe(0);
  });

  it('flips only the one flag', async () => {
    const id = await make.scene({ favourite: 1 });
    const before = await row(id);
    await post('/api/scene/toggle', { scene_id: before.scene_id, list: 'watchlist' });
    const after = await row(id);
    expect(after).toMatchObject({ watchlist: 1, favourite: 1, is_watched: 0, is_hidden: 0, wishlist: 0 });
  });

  it('refuses the wishlist for an available scene with 409 and changes nothing', async () => {
    const volume = await make.volume();
    const id = await make.scene();
    await make.file({ volume_id: volume, scene_id: id });
    await app.sceneStatus.refreshScenes([id]);
    const before = await row(id);
    expect(before.is_available).toBe(1);

    const response = await post('/api/scene/toggle', { scene_id: before.scene_id, list: 'wishlist' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Conflict',
      message: 'The wishlist is only for scenes you do not have; this scene is available.',
    });
    expect(await row(id)).toEqual(before);
  });

  it('answers 404 for an unknown scene_id', async () => {
    const response = await post('/api/scene/toggle', { scene_id: 'nope-1', list: 'favourite' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no scene nope-1');
  });

  it('answers 400 for an unknown list or a numeric scene_id', async () => {
    const bad = await post('/api/scene/toggle', { scene_id: 'x-1', list: 'scripted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['body', 'list']);
    const numeric = await post('/api/scene/toggle', { scene_id: 12, list: 'favourite' });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().issues[0].path).toEqual(['body', 'scene_id']);
  });
});

describe('POST /api/scene/rate/{id}', () => {
  it('stores a rating in half steps and answers the scene', async () => {
    const id = await make.scene();
    const response = await post(`/api/scene/rate/${id}`, { rating: 3.5 });
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json())).toMatchObject({ id, star_rating: 3.5 });
    expect((await row(id)).star_rating).toBe(3.5);
    expect((await post(`/api/scene/rate/${id}`, { rating: 0 })).json().star_rating).toBe(0);
  });

  it.each([4.3, 5.5, -0.5, '4'])('refuses %s with 400 and keeps the rating', async (rating) => {
    const id = await make.scene({ star_rating: 2 });
    const response = await post(`/api/scene/rate/${id}`, { rating });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toEqual(['body', 'rating']);
    expect((await row(id)).star_rating).toBe(2);
  });

  it('answers 404 for an unknown scene', async () => {
    const response = await post('/api/scene/rate/987654', { rating: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no scene 987654');
  });
});
