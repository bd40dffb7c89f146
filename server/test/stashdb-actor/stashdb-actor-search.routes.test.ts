import { ApiError, StashdbPerformerSearchResponse } from '@fovea/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { searchTerms } from '../../src/services/stashdb-actor-search.service';
import { directPerformerId } from '../../src/stashdb/stashdb-performer-result';
import { libraryFactory } from '../factories/library.factory';
import { startFakeStashdb, stashPerformer, stashScene, type FakeStashdb } from '../helpers/stashdb-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let fake: FakeStashdb;
let origin: string;
let janeActor: number;
let loneActor: number;

const slr = { id: 'studio-slr', name: 'SLR Originals', parent: null };
const other = { id: 'studio-other', name: 'Other Studio', parent: null };
// The actor "Jane Doe" (alias "Janie") has scenes of "SLR Originals (SLR)".
const exact = stashPerformer('Jane Doe', {
  disambiguation: 'the British one',
  aliases: ['Janie', 'JD'],
  birth_date: '1994-03-21',
  images: [{ url: 'https://img.example/jane.jpg', width: 600, height: 900 }],
});
const namesake = stashPerformer('Jane Doe', { disambiguation: 'the other one' });
const aliasOnly = stashPerformer('Jane Dough', { aliases: ['Janie'] });
const unrelated = stashPerformer('Jane Doerr');
const gone = stashPerformer('Jane Doe', { deleted: true });

const db = () => app.database.db;
const search = (id: number | string, q?: string) =>
  app.http.inject({
    method: 'GET',
    url: `/api/extref/stashdb/searchactor/${id}${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
  });
const setKey = (key: string) =>
  app.options.update((options) => ({ ...options, advanced: { ...options.advanced, stashApiKey: key } }));
const parse = (body: unknown) => StashdbPerformerSearchResponse.parse(body);

beforeAll(async () => {
  fake = await startFakeStashdb();
  fake.apiKeys.add('key-1');
  fake.performers.push(exact, namesake, aliasOnly, unrelated, gone);
  fake.scenes.push(
    stashScene({ studio: slr, performers: [{ as: null, performer: exact }] }),
    stashScene({ studio: slr, performers: [{ as: null, performer: exact }] }),
    stashScene({ studio: other, performers: [{ as: null, performer: exact }] }),
    stashScene({ studio: other, performers: [{ as: null, performer: namesake }] }),
  );
  origin = new URL(fake.url).origin;
  app = await createTestApp({ stashdbUrl: fake.url });
  const make = libraryFactory(db());
  janeActor = await make.actor('Jane Doe', { aliases: '["Janie"]' });
  loneActor = await make.actor('Lone Star');
  const scene = await make.scene({ scene_id: 'slr-1', site: 'SLR Originals (SLR)', studio: 'SLR' });
  await make.cast(scene, janeActor);
  await setKey('key-1');
});

afterEach(() => fake.reset());

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('directPerformerId and searchTerms', () => {
  it('reads a performer id or URL, and nothing else', () => {
    const id = '0a1b2c3d-0000-4000-8000-00000000abcd';
    expect(directPerformerId(id.toUpperCase())).toBe(id);
    expect(directPerformerId(` https://stashdb.org/performers/${id}?tab=scenes `)).toBe(id);
    expect(directPerformerId(`https://stashdb.org/scenes/${id}`)).toBeNull();
    expect(directPerformerId('Jane Doe')).toBeNull();
  });

  it('searches the typed text, else the name and the first three distinct aliases', () => {
    expect(searchTerms('Jan', 'Jane Doe', ['Janie'])).toEqual(['Jan']);
    expect(searchTerms('', 'Jane Doe', ['jane-doe', 'A', 'B', 'C'])).toEqual(['Jane Doe', 'A', 'B']);
  });
});

describe('GET /api/extref/stashdb/searchactor/{id}', () => {
  it('answers a Status without a key, 404 for an unknown actor, 400 for a bad id', async () => {
    await setKey('');
    try {
      const noKey = await search(janeActor);
      expect(noKey.statusCode).toBe(200);
      expect(noKey.json()).toEqual({
        Status: 'No StashDB API key: enter one in Options → Advanced → Actor Settings',
        Results: [],
      });
    } finally {
      await setKey('key-1');
    }
    expect(fake.requests).toEqual([]);
    const unknown = await search(987654);
    expect(unknown.statusCode).toBe(404);
    expect(ApiError.parse(unknown.json()).message).toBe('There is no actor 987654');
    expect((await search('abc')).statusCode).toBe(400);
  });

  it("ranks by name, shared aliases and the actor's studios, with the wire shape of xbvr-wire §8", async () => {
    const response = await search(janeActor);
    expect(response.statusCode, response.body).toBe(200);
    // The name and its alias are both searched, with the owner's key.
    expect(
      fake.requests.map((request) => [request.apiKey, request.operationName, request.variables]),
    ).toEqual(
      expect.arrayContaining([
        ['key-1', 'SearchPerformerDetails', { term: 'Jane Doe', limit: 25 }],
        ['key-1', 'SearchPerformerDetails', { term: 'Janie', limit: 25 }],
      ]),
    );
    const answer = parse(response.json());
    expect(answer.Status).toBe('');
    const results = answer.Results ?? [];
    expect(results.map((result) => [result.Id, result.Weight])).toEqual([
      [exact.id, 1000 + 200 + 150],
      [namesake.id, 1000],
      [aliasOnly.id, 200],
      [unrelated.id, 0],
    ]);
    expect(results[0]).toEqual({
      Url: `${origin}/performers/${exact.id}`,
      Name: 'Jane Doe',
      Disambiguation: 'the British one',
      Aliases: [
        { Alias: 'Janie', Matched: true },
        { Alias: 'JD', Matched: false },
      ],
      Id: exact.id,
      ImageUrl: ['https://img.example/jane.jpg'],
      DOB: '1994-03-21',
      Weight: 1350,
      Studios: [
        {
          Name: 'SLR Originals',
          Id: slr.id,
          Url: `${origin}/studios/${slr.id}`,
          SceneCount: 2,
          Matched: true,
        },
        {
          Name: 'Other Studio',
          Id: other.id,
          Url: `${origin}/studios/${other.id}`,
          SceneCount: 1,
          Matched: false,
        },
      ],
    });
    expect(results[3]).toMatchObject({ Disambiguation: '', DOB: '', ImageUrl: [], Studios: [], Aliases: [] });
  });

  it('searches typed text only, and weighs a name equal to it', async () => {
    const answer = parse((await search(loneActor, 'Jane Dough')).json());
    expect(fake.requests.map((request) => request.variables)).toEqual([{ term: 'Jane Dough', limit: 25 }]);
    expect(answer.Results?.map((result) => [result.Name, result.Weight])).toEqual([['Jane Dough', 1000]]);
  });

  it('looks a performer id or URL up directly with weight 10000', async () => {
    const byUrl = parse((await search(janeActor, `https://stashdb.org/performers/${namesake.id}`)).json());
    expect(fake.requests.map((request) => [request.operationName, request.variables])).toEqual([
      ['FindPerformer', { id: namesake.id }],
    ]);
    expect(byUrl).toMatchObject({ Status: '', Results: [{ Id: namesake.id, Weight: 10000 }] });
    const missing = parse((await search(janeActor, '99999999-9999-4999-8999-999999999999')).json());
    expect(missing).toEqual({ Status: '', Results: [] });
  });

  it('says what went wrong in Status when StashDB fails', async () => {
    fake.failWith = 401;
    const refused = parse((await search(janeActor)).json());
    expect(refused).toEqual({
      Status: 'StashDB search failed: HTTP 401: Something went wrong',
      Results: [],
    });
    fake.reset();
    fake.failFields.add('findPerformer');
    const lookup = parse((await search(janeActor, exact.id)).json());
    expect(lookup).toEqual({ Status: 'StashDB search failed: findPerformer is broken', Results: [] });
  });
});
