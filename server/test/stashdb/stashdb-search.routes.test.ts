import { ApiError, StashdbSceneSearchResponse } from '@fovea/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { RANK_POINTS } from '../../src/stashdb/stashdb-ranking';
import { libraryFactory } from '../factories/library.factory';
import { startFakeStashdb, stashPerformer, stashScene, type FakeStashdb } from '../helpers/stashdb-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

const NO_KEY = 'No StashDB API key: enter one in Options → Advanced → Actor Settings';

let app: FoveaApp;
let fake: FakeStashdb;
let sceneId: number;
let origin: string;

const jane = stashPerformer('Jane Doe');
const ann = stashPerformer('Anna Other', { aliases: ['Ann Other'] });
const janeLookalike = stashPerformer('Jane Doeson');
const slr = { id: 'studio-slr', name: 'SLR Originals' };
const other = { id: 'studio-other', name: 'Elsewhere VR' };
const studio = (s: { id: string; name: string }) => ({ ...s, parent: null });
const appears = (performer: typeof jane) => ({ as: null, performer });

const target = stashScene({
  title: 'Morning Coffee',
  details: 'A quiet start.',
  release_date: '2024-03-10',
  duration: 2400,
  urls: [{ url: 'https://sexlikereal.com/scenes/morning-coffee-123', site: { id: 'x', name: 'SLR' } }],
  images: [{ url: 'https://cdn.example.com/coffee.jpg', width: 640, height: 360 }],
  studio: studio(slr),
  performers: [appears(jane), appears(ann)],
});
const break_ = stashScene({
  title: 'Morning Coffee Break',
  studio: studio(other),
  release_date: '2022-01-01',
});
const tea = stashScene({ title: 'Evening Tea', studio: studio(slr), performers: [appears(jane)] });
const pool = stashScene({ title: 'Pool Day', studio: studio(other), performers: [appears(jane)] });
const lookalike = stashScene({
  title: 'Night Shift',
  studio: studio(other),
  performers: [appears(janeLookalike)],
});
const removed = stashScene({ title: 'Morning Coffee', studio: studio(slr), deleted: true });

async function search(id: number | string, q?: string) {
  const query = q === undefined ? '' : `?q=${encodeURIComponent(q)}`;
  const response = await app.http.inject({ method: 'GET', url: `/api/extref/stashdb/search/${id}${query}` });
  return { code: response.statusCode, body: response.json<unknown>() };
}

async function results(id: number, q?: string) {
  const answer = await search(id, q);
  expect(answer.code).toBe(200);
  return StashdbSceneSearchResponse.parse(answer.body);
}

const setKey = (key: string) =>
  app.options.update((options) => ({ ...options, advanced: { ...options.advanced, stashApiKey: key } }));

beforeAll(async () => {
  fake = await startFakeStashdb();
  fake.apiKeys.add('key-1');
  fake.studios.push(slr, other);
  fake.performers.push(jane, ann, janeLookalike);
  fake.scenes.push(target, break_, tea, pool, lookalike, removed);
  origin = new URL(fake.url).origin;
  app = await createTestApp({ stashdbUrl: fake.url });
  const make = libraryFactory(app.database.db);
  sceneId = await make.scene({
    title: 'Morning Coffee',
    site: 'SLR Originals (SLR)',
    studio: 'SexLikeReal',
    release_date: '2024-03-10',
    duration: 40,
    scene_url: 'https://www.sexlikereal.com/scenes/morning-coffee-123',
  });
  await make.cast(sceneId, await make.actor('Jane Doe', { aliases: '["Janie"]' }));
  await make.cast(sceneId, await make.actor('Ann Other'));
  await setKey('key-1');
});

afterEach(() => fake.reset());

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('GET /api/extref/stashdb/search/{id}', () => {
  it('ranks candidates from the text, the studio and the cast, heaviest first', async () => {
    const answer = await results(sceneId);
    expect(answer.Status).toBe('');
    expect(answer.Results?.map((result) => result.Title)).toEqual([
      'Morning Coffee',
      'Evening Tea',
      'Morning Coffee Break',
    ]);
    expect(answer.Results?.[0]).toEqual({
      Url: `${origin}/scenes/${target.id}`,
      ImageUrl: 'https://cdn.example.com/coffee.jpg',
      Performers: [
        { Name: 'Jane Doe', Url: `${origin}/performers/${jane.id}` },
        { Name: 'Anna Other', Url: `${origin}/performers/${ann.id}` },
      ],
      Title: 'Morning Coffee',
      Studio: 'SLR Originals',
      Duration: '00:40:00',
      Description: 'A quiet start.',
      Weight:
        RANK_POINTS.sameUrl +
        RANK_POINTS.title +
        RANK_POINTS.sameDate +
        RANK_POINTS.duration +
        RANK_POINTS.sameStudio +
        2 * RANK_POINTS.performer,
      Date: '2024-03-10',
      Id: target.id,
    });
    const weights = answer.Results?.map((result) => result.Weight) ?? [];
    expect([...weights].sort((a, b) => b - a)).toEqual(weights);
  });

  it('asks StashDB with the key: text search, studio by site name, exact performers, their scenes there', async () => {
    await results(sceneId);
    expect(fake.requests.every((request) => request.apiKey === 'key-1')).toBe(true);
    const calls = fake.requests.map((request) => [request.field, request.variables]);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['searchScene', { term: 'Morning Coffee', limit: 40 }],
        ['findStudio', { name: 'SLR Originals' }],
        ['searchPerformer', { term: 'Jane Doe', limit: 25 }],
        ['searchPerformer', { term: 'Ann Other', limit: 25 }],
        [
          'queryScenes',
          {
            input: {
              studios: { value: [slr.id], modifier: 'INCLUDES' },
              text: 'Morning Coffee',
              per_page: 40,
            },
          },
        ],
      ]),
    );
    const performerQueries = fake.requests
      .filter((request) => request.field === 'queryScenes')
      .map((request) => request.variables.input as { performers?: { value: string[] }; studios?: unknown })
      .filter((input) => input.performers !== undefined);
    // Jane Doeson is found by the name search but is not Jane Doe: her scenes are not asked for.
    expect(performerQueries.map((input) => input.performers?.value).sort()).toEqual(
      [[ann.id], [jane.id]].sort(),
    );
    expect(performerQueries.every((input) => input.studios !== undefined)).toBe(true);
    expect(fake.requests).toHaveLength(7);
  });

  it('searches with the given text instead of the title, and weighs titles against it too', async () => {
    const answer = await results(sceneId, '  Morning Coffee Break ');
    expect(fake.requests.find((request) => request.field === 'searchScene')?.variables).toEqual({
      term: 'Morning Coffee Break',
      limit: 40,
    });
    expect(answer.Results?.[0]?.Title).toBe('Morning Coffee');
    const breakResult = answer.Results?.find((result) => result.Title === 'Morning Coffee Break');
    expect(breakResult?.Weight).toBe(RANK_POINTS.title);
  });

  it('looks a StashDB id or scene URL up directly, with weight 10000', async () => {
    for (const q of [tea.id, `https://stashdb.org/scenes/${tea.id}`]) {
      fake.reset();
      const answer = await results(sceneId, q);
      expect(answer).toEqual({
        Status: '',
        Results: [expect.objectContaining({ Id: tea.id, Weight: 10000 })],
      });
      expect(fake.requests.map((request) => [request.field, request.variables])).toEqual([
        ['findScene', { id: tea.id }],
      ]);
    }
    expect(await results(sceneId, '99999999-9999-4999-8999-999999999999')).toEqual({
      Status: '',
      Results: [],
    });
  });

  it('answers a Status and an empty Results list without a key, asking nothing', async () => {
    await setKey('  ');
    try {
      expect(await results(sceneId)).toEqual({ Status: NO_KEY, Results: [] });
      expect(fake.requests).toEqual([]);
    } finally {
      await setKey('key-1');
    }
  });

  it('says when StashDB fails, with the results gathered before', async () => {
    fake.failWith = 500;
    expect(await results(sceneId)).toEqual({
      Status: 'StashDB search failed: HTTP 500: Something went wrong',
      Results: [],
    });
    fake.reset();
    fake.failFields.add('findStudio');
    const partial = await results(sceneId);
    expect(partial.Status).toBe('StashDB search failed: findStudio is broken');
    expect(partial.Results?.[0]?.Title).toBe('Morning Coffee');
    fake.reset();
    await setKey('stale-key');
    try {
      expect((await results(sceneId)).Status).toBe('StashDB search failed: HTTP 401: Unauthorized');
    } finally {
      await setKey('key-1');
    }
  });

  it('says when StashDB cannot be reached', async () => {
    const offline = await createTestApp();
    try {
      await offline.options.update((options) => ({
        ...options,
        advanced: { ...options.advanced, stashApiKey: 'key-1' },
      }));
      const id = await libraryFactory(offline.database.db).scene({ title: 'Anything' });
      const response = await offline.http.inject({ method: 'GET', url: `/api/extref/stashdb/search/${id}` });
      expect(response.json()).toEqual({
        Status: 'StashDB search failed: 127.0.0.1:9 could not be reached (bad port)',
        Results: [],
      });
    } finally {
      await offline.close();
      removeTempDir(offline.config.dataDir);
      removeTempDir(offline.config.webDir);
    }
  });

  it('answers 404 JSON for an unknown scene and 400 for an id that is not one', async () => {
    const missing = await search(987654);
    expect(missing.code).toBe(404);
    expect(ApiError.parse(missing.body).message).toBe('There is no scene 987654');
    expect((await search('abc')).code).toBe(400);
    expect(fake.requests).toEqual([]);
  });
});
