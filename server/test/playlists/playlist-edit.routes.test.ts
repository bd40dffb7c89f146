import { ApiError, Playlist, PlaylistList, type PlaylistBodyInput } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function list(type: 'scene' | 'actor' = 'scene') {
  const response = await app.http.inject({ method: 'GET', url: `/api/playlist/${type}` });
  expect(response.statusCode).toBe(200);
  return PlaylistList.parse(response.json());
}

async function find(type: 'scene' | 'actor', name: string) {
  const found = (await list(type)).find((p) => p.name === name);
  if (!found) throw new Error(`no ${type} search ${name}`);
  return found;
}

const put = (id: number | string, payload: object) =>
  app.http.inject({ method: 'PUT', url: `/api/playlist/${id}`, payload });
const del = (id: number | string) => app.http.inject({ method: 'DELETE', url: `/api/playlist/${id}` });

async function create(body: PlaylistBodyInput) {
  const response = await app.http.inject({ method: 'POST', url: '/api/playlist', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return Playlist.parse(response.json());
}

const sceneParams = (values: Record<string, unknown> = {}) =>
  JSON.stringify({ dlState: 'available', cardSize: '1', lists: [], sort: 'release_desc', ...values });
const actorParams = (values: Record<string, unknown> = {}) =>
  JSON.stringify({ lists: [], sort: 'name_asc', ...values });

function errorOf(body: unknown) {
  const error = ApiError.parse(body);
  return {
    error: error.error,
    message: error.message,
    paths: (error.issues ?? []).map((issue) => issue.path.map(String)),
  };
}

async function updatedAt(id: number) {
  const row = await app.database.db
    .selectFrom('playlists')
    .select('updated_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

describe('PUT /api/playlist/{id}', () => {
  it('changes name, search_params and is_deo_enabled only', async () => {
    const saved = await create({
      name: 'Old name',
      is_deo_enabled: false,
      is_smart: true,
      search_params: sceneParams(),
    });
    const stampBefore = await updatedAt(saved.id);
    const params = sceneParams({ lists: ['watchlist'], cardSize: '3' });
    const response = await put(saved.id, {
      name: 'New name',
      is_deo_enabled: true,
      is_smart: false,
      search_params: params,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = Playlist.parse(response.json());
    expect(updated).toEqual({
      ...saved,
      name: 'New name',
      is_deo_enabled: true,
      search_params: params,
    });
    expect(await find('scene', 'New name')).toEqual(updated);
    expect(await updatedAt(saved.id)).not.toBe(stampBefore);
  });

  it('edits an actor search with actor filters', async () => {
    const saved = await create({
      name: 'Tall',
      playlist_type: 'actor',
      search_params: actorParams({ min_height: 180 }),
    });
    const response = await put(saved.id, {
      name: 'Taller',
      playlist_type: 'actor',
      is_deo_enabled: false,
      search_params: actorParams({ min_height: 190 }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(Playlist.parse(response.json())).toMatchObject({ name: 'Taller', playlist_type: 'actor' });
    expect(JSON.parse((await find('actor', 'Taller')).search_params)).toMatchObject({ min_height: 190 });
  });

  it('validates search_params against the filter state of the type, with issues under search_params', async () => {
    const scene = await create({ name: 'Valid scene', search_params: sceneParams() });
    const badScene = await put(scene.id, { name: 'X', search_params: sceneParams({ volume: -1 }) });
    expect(badScene.statusCode).toBe(400);
    expect(errorOf(badScene.json()).paths).toEqual([['body', 'search_params', 'volume']]);

    const actor = await create({ name: 'Valid actor', playlist_type: 'actor', search_params: actorParams() });
    const badActor = await put(actor.id, {
      name: 'X',
      playlist_type: 'actor',
      search_params: actorParams({ min_rating: 0.3 }),
    });
    expect(badActor.statusCode).toBe(400);
    expect(errorOf(badActor.json()).paths).toEqual([['body', 'search_params', 'min_rating']]);
    expect(await find('scene', 'Valid scene')).toEqual(scene);
    expect(await find('actor', 'Valid actor')).toEqual(actor);
  });

  it('keeps the type of a saved search: 400 when the body names the other type', async () => {
    const actor = await create({ name: 'Stays actor', playlist_type: 'actor', search_params: actorParams() });
    // The scene UI sends no playlist_type: "scene" is assumed, which an actor search cannot take.
    const response = await put(actor.id, { name: 'Now a scene?', search_params: sceneParams() });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).message).toBe(
      `Saved search ${actor.id} is for actors and cannot change type: send playlist_type "actor"`,
    );
    expect(await find('actor', 'Stays actor')).toEqual(actor);
  });

  it('refuses to edit a system search with 409', async () => {
    for (const type of ['scene', 'actor'] as const) {
      const system = await find(type, 'Default');
      expect(system.is_system).toBe(true);
      const response = await put(system.id, {
        name: 'Renamed',
        playlist_type: type,
        search_params: type === 'scene' ? sceneParams() : actorParams(),
      });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response.json())).toEqual({
        error: 'Conflict',
        message: '"Default" is a system saved search and cannot be edited',
        paths: [],
      });
      expect(await find(type, 'Default')).toEqual(system);
    }
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    const missing = await put(99999, { name: 'X', search_params: sceneParams() });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing.json()).message).toBe('No saved search with id 99999');
    const notNumber = await put('abc', { name: 'X', search_params: sceneParams() });
    expect(notNumber.statusCode).toBe(400);
    expect(errorOf(notNumber.json()).paths).toEqual([['params', 'id']]);
  });
});

describe('DELETE /api/playlist/{id}', () => {
  it('deletes a saved search and answers null', async () => {
    const saved = await create({ name: 'Doomed', search_params: sceneParams() });
    const response = await del(saved.id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    expect((await list()).some((p) => p.id === saved.id)).toBe(false);
    const again = await del(saved.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again.json()).message).toBe(`No saved search with id ${saved.id}`);
  });

  it('refuses to delete a system search with 409 and keeps it', async () => {
    for (const type of ['scene', 'actor'] as const) {
      const system = await find(type, 'Default');
      const response = await del(system.id);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response.json()).message).toBe(
        '"Default" is a system saved search and cannot be deleted',
      );
      expect(await find(type, 'Default')).toEqual(system);
    }
  });

  it('deletes the seeded non-system searches like any other', async () => {
    const recent = await find('scene', 'Recent');
    expect((await del(recent.id)).statusCode).toBe(200);
    expect((await list()).map((p) => p.name)).not.toContain('Recent');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await del(123456);
    expect(response.statusCode).toBe(404);
  });
});
