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

async function list(url = '/api/playlist') {
  const response = await app.http.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return PlaylistList.parse(response.json());
}

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.http.inject({ method, url, ...(payload ? { payload } : {}) });

async function create(body: PlaylistBodyInput) {
  const response = await send('POST', '/api/playlist', body);
  expect(response.statusCode, response.body).toBe(200);
  return Playlist.parse(response.json());
}

async function playlistRow(id: number) {
  return app.database.db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A scene filter state as the reference UI saves it (with its UI-only cardSize). */
const sceneParams = (values: Record<string, unknown> = {}) =>
  JSON.stringify({
    dlState: 'available',
    cardSize: '2',
    lists: [],
    isAvailable: true,
    isAccessible: true,
    isHidden: false,
    isWatched: null,
    releaseMonth: '',
    cast: [],
    sites: [],
    tags: [],
    cuepoint: [],
    attributes: [],
    volume: 0,
    sort: 'release_desc',
    ...values,
  });

const actorParams = (values: Record<string, unknown> = {}) =>
  JSON.stringify({ lists: [], cast: [], sort: 'name_asc', min_age: 0, max_age: 100, ...values });

function issuesOf(body: unknown) {
  const error = ApiError.parse(body);
  return (error.issues ?? []).map((issue) => ({ path: issue.path.map(String), message: issue.message }));
}

describe('GET /api/playlist and /api/playlist/{playlist_type}', () => {
  it('answers the seeded scene searches in order, in the wire shape', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/playlist' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>[]>();
    expect(body.map((p) => [p.name, p.ordering, p.is_system, p.is_deo_enabled, p.playlist_type])).toEqual([
      ['Default', -100, true, false, 'scene'],
      ['Recent', -49, false, true, 'scene'],
      ['Favourite', -48, false, true, 'scene'],
      ['Watchlist', -47, false, true, 'scene'],
    ]);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'ordering',
        'is_system',
        'is_deo_enabled',
        'is_smart',
        'playlist_type',
        'search_params',
      ].sort(),
    );
    const favourite = PlaylistList.parse(body)[2];
    expect(JSON.parse(favourite?.search_params ?? '')).toMatchObject({
      lists: ['favourite'],
      dlState: 'available',
    });
  });

  it('answers the same list for /api/playlist/scene, and the actor searches for /api/playlist/actor', async () => {
    expect(await list('/api/playlist/scene')).toEqual(await list('/api/playlist'));
    const actors = await list('/api/playlist/actor');
    expect(actors.map((p) => [p.name, p.is_system, p.playlist_type])).toEqual([
      ['Default', true, 'actor'],
      ['Possible Aka', false, 'actor'],
    ]);
    expect(JSON.parse(actors[1]?.search_params ?? '')).toMatchObject({ attributes: ['Possible Aka'] });
  });

  it('rejects any other type with 400', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/playlist/actors' });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response.json()).map((i) => i.path)).toEqual([['params', 'playlist_type']]);
  });

  it('orders by ordering, then by id', async () => {
    const { db } = app.database;
    const insert = (name: string) =>
      db
        .insertInto('playlists')
        .values({ name, ordering: -48, playlist_type: 'scene', search_params: sceneParams() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await insert('Tie A');
    const second = await insert('Tie B');
    const names = (await list()).map((p) => p.name);
    expect(names.slice(0, 6)).toEqual(['Default', 'Recent', 'Favourite', 'Tie A', 'Tie B', 'Watchlist']);
    await db.deleteFrom('playlists').where('id', 'in', [first.id, second.id]).execute();
  });
});

describe('POST /api/playlist', () => {
  it('saves a scene search after the last one, storing search_params as sent', async () => {
    const before = await list();
    const params = sceneParams({ attributes: ['&Is Scripted'], uiOnly: { x: 1 } });
    const saved = await create({
      name: ' Scripted ',
      is_deo_enabled: true,
      is_smart: true,
      search_params: params,
    });
    expect(saved).toEqual({
      id: expect.any(Number),
      name: 'Scripted',
      ordering: Math.max(...before.map((p) => p.ordering)) + 1,
      is_system: false,
      is_deo_enabled: true,
      is_smart: true,
      playlist_type: 'scene',
      search_params: params,
    });
    const after = await list();
    expect(after.at(-1)).toEqual(saved);
    expect((await playlistRow(saved.id))?.search_params).toBe(params);

    const next = await create({ name: 'Next', search_params: sceneParams() });
    expect(next.ordering).toBe(saved.ordering + 1);
    expect(next).toMatchObject({ is_deo_enabled: false, is_smart: true, playlist_type: 'scene' });
  });

  it('saves an actor search among the actor searches only, after the last of them', async () => {
    const actorsBefore = await list('/api/playlist/actor');
    const saved = await create({
      name: 'Favourite actors',
      is_deo_enabled: false,
      is_smart: true,
      playlist_type: 'actor',
      search_params: actorParams({ lists: ['favourite'], cardSize: '2' }),
    });
    expect(saved.playlist_type).toBe('actor');
    expect(saved.ordering).toBe(Math.max(...actorsBefore.map((p) => p.ordering)) + 1);
    expect((await list('/api/playlist/actor')).at(-1)).toEqual(saved);
    expect((await list()).some((p) => p.id === saved.id)).toBe(false);
  });

  it.each([
    ['not JSON', 'scene', '{dlState:', [['body', 'search_params']]],
    ['a JSON array', 'scene', '[1]', [['body', 'search_params']]],
    ['JSON null', 'scene', 'null', [['body', 'search_params']]],
    [
      'an actor sort on a scene search',
      'scene',
      sceneParams({ sort: 'name_asc' }),
      [['body', 'search_params', 'sort']],
    ],
    [
      'a bad release month',
      'scene',
      sceneParams({ releaseMonth: '2024-13' }),
      [['body', 'search_params', 'releaseMonth']],
    ],
    [
      'an empty cast entry',
      'scene',
      sceneParams({ cast: ['Jane', '&'] }),
      [['body', 'search_params', 'cast', '1']],
    ],
    [
      'a must-have site',
      'scene',
      sceneParams({ sites: ['&SLR'] }),
      [['body', 'search_params', 'sites', '0']],
    ],
    [
      'a scene sort on an actor search',
      'actor',
      actorParams({ sort: 'release_desc' }),
      [['body', 'search_params', 'sort']],
    ],
    [
      'an unknown actor list',
      'actor',
      actorParams({ lists: ['wishlist'] }),
      [['body', 'search_params', 'lists', '0']],
    ],
    ['an age out of range', 'actor', actorParams({ max_age: 130 }), [['body', 'search_params', 'max_age']]],
  ] as const)('rejects %s with the issue under search_params', async (_what, type, params, paths) => {
    const before = await list(`/api/playlist/${type}`);
    const response = await send('POST', '/api/playlist', {
      name: 'Bad',
      playlist_type: type,
      search_params: params,
    });
    expect(response.statusCode).toBe(400);
    const issues = issuesOf(response.json());
    expect(issues.map((i) => i.path)).toEqual(paths);
    expect(await list(`/api/playlist/${type}`)).toEqual(before);
  });

  it('names the problems in the messages', async () => {
    const notJson = await send('POST', '/api/playlist', { name: 'Bad', search_params: 'nope' });
    expect(issuesOf(notJson.json())).toEqual([
      { path: ['body', 'search_params'], message: 'must be a JSON text holding a scene filter state' },
    ]);
    const actorRange = await send('POST', '/api/playlist', {
      name: 'Bad',
      playlist_type: 'actor',
      search_params: actorParams({ min_age: 50, max_age: 40 }),
    });
    expect(issuesOf(actorRange.json())).toEqual([
      { path: ['body', 'search_params', 'min_age'], message: 'min_age is above max_age' },
    ]);
    expect(ApiError.parse(actorRange.json()).message).toBe(
      'Invalid input. body.search_params.min_age: min_age is above max_age',
    );
    const asActor = await send('POST', '/api/playlist', {
      name: 'Bad',
      playlist_type: 'actor',
      search_params: sceneParams({ lists: ['wishlist'] }),
    });
    expect(issuesOf(asActor.json()).map((i) => i.path)).toEqual([
      ['body', 'search_params', 'lists', '0'],
      ['body', 'search_params', 'sort'],
    ]);
  });

  it('rejects a missing name, an unknown type and search_params that are not a string', async () => {
    const noName = await send('POST', '/api/playlist', { name: '  ', search_params: sceneParams() });
    expect(issuesOf(noName.json())).toEqual([{ path: ['body', 'name'], message: 'a name is required' }]);
    const badType = await send('POST', '/api/playlist', {
      name: 'X',
      playlist_type: 'actors',
      search_params: sceneParams(),
    });
    expect(badType.statusCode).toBe(400);
    expect(issuesOf(badType.json()).map((i) => i.path)).toEqual([['body', 'playlist_type']]);
    const object = await send('POST', '/api/playlist', { name: 'X', search_params: { dlState: 'any' } });
    expect(object.statusCode).toBe(400);
    expect(issuesOf(object.json()).map((i) => i.path)).toEqual([['body', 'search_params']]);
  });
});
