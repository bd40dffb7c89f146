import { Actor, ApiError } from '@fovea/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { startFakeStashdb, stashPerformer, type FakeStashdb } from '../helpers/stashdb-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let fake: FakeStashdb;
let origin: string;
let make: ReturnType<typeof libraryFactory>;

const performer = stashPerformer('Jane Doe', {
  aliases: ['Janie'],
  updated: '2024-06-01T08:00:00Z',
  birth_date: '1994-03-21',
  country: 'GB',
  ethnicity: 'CAUCASIAN',
  eye_color: 'BLUE',
  hair_color: 'BLONDE',
  height: 168,
  cup_size: 'C',
  band_size: 34,
  waist_size: 24,
  hip_size: 36,
  breast_type: 'FAKE',
  career_start_year: 2015,
  career_end_year: 2022,
  tattoos: [{ location: 'Left ankle', description: 'Rose' }],
  piercings: [{ location: 'Navel', description: null }],
  urls: [{ url: 'https://twitter.com/janedoe', site: { id: 's1', name: 'Twitter' } }],
  images: [{ url: 'https://img.example/jane-1.jpg', width: 600, height: 900 }],
});
const OWN_URLS = JSON.stringify([{ url: 'https://mine.example/jane', type: 'home' }]);
const missingId = '99999999-9999-4999-8999-999999999999';

const db = () => app.database.db;
const get = (url: string) => app.http.inject({ method: 'GET', url });
const link2actor = (id: number | string, stashId: string) =>
  get(`/api/extref/stashdb/link2actor/${id}/${encodeURIComponent(stashId)}`);
const refresh = (performerId: string) =>
  get(`/api/extref/stashdb/refresh_performer/${encodeURIComponent(performerId)}`);
const setKey = (key: string) =>
  app.options.update((options) => ({ ...options, advanced: { ...options.advanced, stashApiKey: key } }));
const actorRow = (id: number) =>
  db().selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const linksOf = (actorId: number) =>
  db()
    .selectFrom('external_reference_links')
    .select(['internal_name_id', 'external_source', 'external_id', 'match_type'])
    .where('internal_table', '=', 'actors')
    .where('internal_db_id', '=', actorId)
    .orderBy('id')
    .execute();
const counts = async () => ({
  references: (await db().selectFrom('external_references').select('id').execute()).length,
  links: (await db().selectFrom('external_reference_links').select('id').execute()).length,
});
const edit = (id: number, body: Record<string, unknown>) =>
  app.http.inject({ method: 'POST', url: `/api/actor/edit/${id}`, payload: body });

beforeAll(async () => {
  fake = await startFakeStashdb();
  fake.apiKeys.add('key-1');
  fake.performers.push(performer);
  origin = new URL(fake.url).origin;
  app = await createTestApp({ stashdbUrl: fake.url });
  make = libraryFactory(db());
  await setKey('key-1');
});

afterEach(() => fake.reset());

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('GET /api/extref/stashdb/link2actor/{id}/{stashId}', () => {
  it('refuses without a key (400), for an unknown actor or performer (404), or when StashDB fails (502)', async () => {
    const actor = await make.actor('Refused');
    const before = await counts();
    await setKey('');
    try {
      const noKey = await link2actor(actor, performer.id);
      expect(noKey.statusCode).toBe(400);
      expect(ApiError.parse(noKey.json()).message).toBe(
        'No StashDB API key: enter one in Options → Advanced → Actor Settings',
      );
    } finally {
      await setKey('key-1');
    }
    const noActor = await link2actor(987654, performer.id);
    expect(noActor.statusCode).toBe(404);
    expect(ApiError.parse(noActor.json()).message).toBe('There is no actor 987654');
    const noPerformer = await link2actor(actor, missingId);
    expect(noPerformer.statusCode).toBe(404);
    expect(ApiError.parse(noPerformer.json()).message).toBe(`StashDB has no performer ${missingId}`);
    fake.failWith = 503;
    const failed = await link2actor(actor, performer.id);
    expect(failed.statusCode).toBe(502);
    expect(ApiError.parse(failed.json()).message).toBe(
      `StashDB could not be asked for performer ${performer.id}: HTTP 503: Something went wrong`,
    );
    expect(await counts()).toEqual(before);
    expect((await actorRow(actor)).updated_at).toBe((await actorRow(actor)).created_at);
  });

  it('links by hand (90), stores the performer and merges it, answering the actor as GET /api/actor does', async () => {
    const actor = await make.actor('Jane Doe', { aliases: '["JD"]', weight: 55 });
    const response = await link2actor(actor, `https://stashdb.org/performers/${performer.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      fake.requests.map((request) => [request.apiKey, request.operationName, request.variables]),
    ).toEqual([['key-1', 'FindPerformer', { id: performer.id }]]);
    const answer = Actor.parse(response.json());
    expect(response.json()).toEqual((await get(`/api/actor/${actor}`)).json());
    expect(answer).toMatchObject({
      id: actor,
      image_url: 'https://img.example/jane-1.jpg',
      image_arr: JSON.stringify(['https://img.example/jane-1.jpg']),
      aliases: JSON.stringify(['JD', 'Janie']),
      birth_date: '1994-03-21T00:00:00Z',
      nationality: 'GB',
      ethnicity: 'Caucasian',
      eye_color: 'Blue',
      hair_color: 'Blonde',
      height: 168,
      weight: 55,
      cup_size: 'C',
      band_size: 86,
      waist_size: 61,
      hip_size: 91,
      breast_type: 'Fake',
      start_year: 2015,
      end_year: 2022,
      tattoos: JSON.stringify(['Left ankle Rose']),
      piercings: JSON.stringify(['Navel']),
      urls: JSON.stringify([{ url: 'https://twitter.com/janedoe', type: 'Twitter' }]),
    });
    expect(await linksOf(actor)).toEqual([
      {
        internal_name_id: 'Jane Doe',
        external_source: 'stashdb performer',
        external_id: performer.id,
        match_type: 90,
      },
    ]);
    const reference = await db()
      .selectFrom('external_references')
      .selectAll()
      .where('external_id', '=', performer.id)
      .executeTakeFirstOrThrow();
    expect(reference).toMatchObject({
      external_source: 'stashdb performer',
      external_url: `${origin}/performers/${performer.id}`,
      external_date: '2024-06-01T08:00:00.000Z',
    });
    expect(JSON.parse(reference.external_data)).toMatchObject({ id: performer.id, name: 'Jane Doe' });
    // The extrefs call shows the link.
    const extrefs = (await get(`/api/actor/extrefs/${actor}`)).json<{ external_source: string }[]>();
    expect(extrefs.map((entry) => entry.external_source)).toEqual(['stashdb performer']);

    // Linking again keeps one link and one reference.
    const before = await counts();
    expect((await link2actor(actor, performer.id)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('turns an automatic link into a manual one, and leaves other actors linked to the performer alone', async () => {
    const first = await make.actor('First');
    const second = await make.actor('Second');
    expect((await link2actor(first, performer.id)).statusCode).toBe(200);
    await db()
      .updateTable('external_reference_links')
      .set({ match_type: 20 })
      .where('internal_table', '=', 'actors')
      .where('internal_db_id', '=', first)
      .execute();
    expect((await link2actor(second, performer.id)).statusCode).toBe(200);
    expect((await linksOf(first)).map((row) => row.match_type)).toEqual([20]);
    expect((await link2actor(first, performer.id)).statusCode).toBe(200);
    expect((await linksOf(first)).map((row) => row.match_type)).toEqual([90]);
    expect((await linksOf(second)).map((row) => row.match_type)).toEqual([90]);
  });

  it('skips every field the owner edited, and the main image the owner chose', async () => {
    const actor = await make.actor('Edited Jane');
    const edited = await edit(actor, {
      birth_date: '1990-01-02T00:00:00Z',
      nationality: 'FR',
      hair_color: 'Red',
      height: 170,
      measurements: '32B-25-35',
      aliases: '["Mine"]',
      urls: OWN_URLS,
      tattoos: '["Star"]',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const setImage = await app.http.inject({
      method: 'POST',
      url: '/api/actor/setimage',
      payload: { actor_id: actor, url: 'https://img.example/own.jpg' },
    });
    expect(setImage.statusCode, setImage.body).toBe(200);
    const answer = Actor.parse((await link2actor(actor, performer.id)).json());
    expect(answer).toMatchObject({
      birth_date: '1990-01-02T00:00:00Z',
      nationality: 'FR',
      hair_color: 'Red',
      height: 170,
      cup_size: 'B',
      band_size: 81,
      aliases: '["Mine"]',
      urls: OWN_URLS,
      tattoos: '["Star"]',
      image_url: 'https://img.example/own.jpg',
      // Not edited: taken from StashDB.
      eye_color: 'Blue',
      ethnicity: 'Caucasian',
      piercings: JSON.stringify(['Navel']),
      image_arr: JSON.stringify(['https://img.example/own.jpg', 'https://img.example/jane-1.jpg']),
    });
  });
});

describe('GET /api/extref/stashdb/refresh_performer/{performerId}', () => {
  it('re-pulls the performer and merges it into every actor linked to it (answer empty)', async () => {
    const refreshed = stashPerformer('Refresh Me', { height: 160 });
    fake.performers.push(refreshed);
    const one = await make.actor('Refresh One');
    const two = await make.actor('Refresh Two');
    const unlinked = await make.actor('Refresh Unlinked');
    expect((await link2actor(one, refreshed.id)).statusCode).toBe(200);
    expect((await link2actor(two, refreshed.id)).statusCode).toBe(200);
    expect((await edit(two, { eye_color: 'Green' })).statusCode).toBe(200);
    expect((await actorRow(one)).height).toBe(160);

    Object.assign(refreshed, { height: 172, eye_color: 'BROWN', updated: '2025-01-01T00:00:00Z' });
    fake.reset();
    const response = await refresh(refreshed.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('null');
    expect(fake.requests.map((request) => request.operationName)).toEqual(['FindPerformer']);
    expect(await actorRow(one)).toMatchObject({ height: 172, eye_color: 'Brown' });
    expect(await actorRow(two)).toMatchObject({ height: 172, eye_color: 'Green' });
    expect(await actorRow(unlinked)).toMatchObject({ height: 0, eye_color: '' });
    const reference = await db()
      .selectFrom('external_references')
      .select(['external_date', 'external_data'])
      .where('external_id', '=', refreshed.id)
      .executeTakeFirstOrThrow();
    expect(reference.external_date).toBe('2025-01-01T00:00:00.000Z');
    expect(JSON.parse(reference.external_data)).toMatchObject({ height: 172 });
  });

  it('answers 404 for a performer no actor is linked to (without asking StashDB), 400 without a key', async () => {
    const unknown = await refresh(missingId);
    expect(unknown.statusCode).toBe(404);
    expect(ApiError.parse(unknown.json()).message).toBe(
      `No actor is linked to StashDB performer ${missingId}`,
    );
    expect(fake.requests).toEqual([]);
    await setKey('');
    try {
      expect((await refresh(performer.id)).statusCode).toBe(400);
    } finally {
      await setKey('key-1');
    }
    fake.failWith = 500;
    expect((await refresh(performer.id)).statusCode).toBe(502);
  });
});
