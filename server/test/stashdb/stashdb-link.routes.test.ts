import { AlternateSourceList, ApiError, Scene } from '@fovea/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { startFakeStashdb, stashPerformer, stashScene, type FakeStashdb } from '../helpers/stashdb-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let fake: FakeStashdb;
let origin: string;
let make: ReturnType<typeof libraryFactory>;
let sceneId: number;
let otherSceneId: number;
let janeActor: number;
let annActor: number;
let chloeActor: number;

const jane = stashPerformer('Jane Doe');
const ann = stashPerformer('Anna Other', { aliases: ['Ann Other'] });
const chloe = stashPerformer('Chloé Smith');
const stranger = stashPerformer('Stranger');
const linked = stashScene({
  title: 'Morning Coffee',
  release_date: '2024-03-10',
  studio: { id: 'studio-slr', name: 'SLR Originals', parent: null },
  performers: [jane, ann, chloe, stranger].map((performer) => ({ as: null, performer })),
  fingerprints: [{ hash: '0000000000abc123', algorithm: 'OSHASH', duration: 2400, submissions: 2 }],
});
const undated = stashScene({ title: 'Undated' });

const db = () => app.database.db;
const link2scene = (id: number | string, stashId: string) =>
  app.http.inject({ method: 'GET', url: `/api/extref/stashdb/link2scene/${id}/${stashId}` });
const setKey = (key: string) =>
  app.options.update((options) => ({ ...options, advanced: { ...options.advanced, stashApiKey: key } }));

const references = (source: string) =>
  db()
    .selectFrom('external_references')
    .selectAll()
    .where('external_source', '=', source)
    .orderBy('id')
    .execute();
const links = (source: string) =>
  db()
    .selectFrom('external_reference_links')
    .select(['internal_table', 'internal_db_id', 'internal_name_id', 'external_id', 'match_type'])
    .where('external_source', '=', source)
    .orderBy('id')
    .execute();
const counts = async () => ({
  references: (await db().selectFrom('external_references').select('id').execute()).length,
  links: (await db().selectFrom('external_reference_links').select('id').execute()).length,
});

beforeAll(async () => {
  fake = await startFakeStashdb();
  fake.apiKeys.add('key-1');
  fake.scenes.push(linked, undated);
  origin = new URL(fake.url).origin;
  app = await createTestApp({ stashdbUrl: fake.url });
  make = libraryFactory(db());
  sceneId = await make.scene({ scene_id: 'slr-100', title: 'Morning Coffee' });
  otherSceneId = await make.scene({ scene_id: 'slr-200', title: 'Other' });
  janeActor = await make.actor('Jane Doe');
  annActor = await make.actor('Ann', { aliases: '["Ann Other"]' });
  chloeActor = await make.actor('chloe smith');
  for (const actor of [janeActor, annActor, chloeActor, await make.actor('Nobody')]) {
    await make.cast(sceneId, actor);
  }
  await setKey('key-1');
});

afterEach(() => fake.reset());

afterAll(async () => {
  await app.close();
  await fake.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('GET /api/extref/stashdb/link2scene/{id}/{stashId}', () => {
  it('refuses without a key (400), for an unknown scene (404) or StashDB scene (404), writing nothing', async () => {
    const before = await counts();
    await setKey('');
    try {
      const noKey = await link2scene(sceneId, linked.id);
      expect(noKey.statusCode).toBe(400);
      expect(ApiError.parse(noKey.json()).message).toBe(
        'No StashDB API key: enter one in Options → Advanced → Actor Settings',
      );
    } finally {
      await setKey('key-1');
    }
    const noScene = await link2scene(987654, linked.id);
    expect(noScene.statusCode).toBe(404);
    expect(ApiError.parse(noScene.json()).message).toBe('There is no scene 987654');
    const noStash = await link2scene(sceneId, '99999999-9999-4999-8999-999999999999');
    expect(noStash.statusCode).toBe(404);
    expect(ApiError.parse(noStash.json()).message).toBe(
      'StashDB has no scene 99999999-9999-4999-8999-999999999999',
    );
    expect(await counts()).toEqual(before);
  });

  it('answers 502 with the reason when StashDB fails, writing nothing', async () => {
    const before = await counts();
    fake.failWith = 503;
    const failed = await link2scene(sceneId, linked.id);
    expect(failed.statusCode).toBe(502);
    expect(ApiError.parse(failed.json()).message).toBe(
      `StashDB could not be asked for scene ${linked.id}: HTTP 503: Something went wrong`,
    );
    expect(await counts()).toEqual(before);
  });

  it('links the scene (5) and its recognised cast (90), answering the scene as GET /api/scene does', async () => {
    const response = await link2scene(sceneId, linked.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      fake.requests.map((request) => [request.apiKey, request.operationName, request.variables]),
    ).toEqual([['key-1', 'FindScene', { id: linked.id }]]);
    const scene = Scene.parse(response.json());
    const read = await app.http.inject({ method: 'GET', url: `/api/scene/${sceneId}` });
    expect(response.json()).toEqual(read.json());
    expect(scene.id).toBe(sceneId);

    const [reference] = await references('stashdb scene');
    expect(reference).toMatchObject({
      external_id: linked.id,
      external_url: `${origin}/scenes/${linked.id}`,
      external_date: '2024-03-10T00:00:00.000Z',
    });
    expect(JSON.parse(reference?.external_data ?? '')).toEqual(linked);
    expect(await links('stashdb scene')).toEqual([
      {
        internal_table: 'scenes',
        internal_db_id: sceneId,
        internal_name_id: 'slr-100',
        external_id: linked.id,
        match_type: 5,
      },
    ]);

    const performers = await references('stashdb performer');
    expect(performers.map((row) => [row.external_id, row.external_url])).toEqual([
      [jane.id, `${origin}/performers/${jane.id}`],
      [ann.id, `${origin}/performers/${ann.id}`],
      [chloe.id, `${origin}/performers/${chloe.id}`],
    ]);
    expect(JSON.parse(performers[0]?.external_data ?? '')).toEqual(jane);
    expect(await links('stashdb performer')).toEqual([
      {
        internal_table: 'actors',
        internal_db_id: janeActor,
        internal_name_id: 'Jane Doe',
        external_id: jane.id,
        match_type: 90,
      },
      {
        internal_table: 'actors',
        internal_db_id: annActor,
        internal_name_id: 'Ann',
        external_id: ann.id,
        match_type: 90,
      },
      {
        internal_table: 'actors',
        internal_db_id: chloeActor,
        internal_name_id: 'chloe smith',
        external_id: chloe.id,
        match_type: 90,
      },
    ]);

    const sources = await app.http.inject({ method: 'GET', url: `/api/scene/alternate_source/${sceneId}` });
    expect(AlternateSourceList.parse(sources.json())).toEqual([
      expect.objectContaining({
        url: `${origin}/scenes/${linked.id}`,
        external_source: 'stashdb scene',
        external_id: linked.id,
      }),
    ]);
  });

  it('is idempotent: linking again refreshes the reference and keeps one link of each', async () => {
    const before = await counts();
    expect((await link2scene(sceneId, linked.id)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
    expect(await links('stashdb scene')).toHaveLength(1);
    expect(await links('stashdb performer')).toHaveLength(3);
  });

  it('moves the StashDB scene to another scene, replacing the old link', async () => {
    expect((await link2scene(otherSceneId, linked.id)).statusCode).toBe(200);
    expect(await links('stashdb scene')).toEqual([
      expect.objectContaining({ internal_db_id: otherSceneId, internal_name_id: 'slr-200', match_type: 5 }),
    ]);
    const sources = await app.http.inject({ method: 'GET', url: `/api/scene/alternate_source/${sceneId}` });
    expect(sources.body).toBe('null');
    expect((await link2scene(sceneId, linked.id)).statusCode).toBe(200);
  });

  it('leaves a performer whose link the owner deleted, and the data of a performer reference', async () => {
    // "Never link" as the link editor writes it: the actor is forgotten (0, 'deleted').
    await db()
      .updateTable('external_reference_links')
      .set({ match_type: -1, internal_db_id: 0, internal_name_id: 'deleted' })
      .where('external_id', '=', jane.id)
      .execute();
    // A performer reference written by another path (fuller data) keeps its data.
    await db()
      .updateTable('external_references')
      .set({ external_data: '{"id":"full"}' })
      .where('external_id', '=', ann.id)
      .execute();

    expect((await link2scene(sceneId, linked.id)).statusCode).toBe(200);
    const janeLinks = (await links('stashdb performer')).filter((row) => row.external_id === jane.id);
    expect(janeLinks.map((row) => [row.internal_db_id, row.match_type])).toEqual([[0, -1]]);
    const annRef = (await references('stashdb performer')).find((row) => row.external_id === ann.id);
    expect(annRef?.external_data).toBe('{"id":"full"}');
  });

  it('turns an automatic actor link into a manual one', async () => {
    await db()
      .updateTable('external_reference_links')
      .set({ match_type: 20 })
      .where('external_id', '=', ann.id)
      .execute();
    expect((await link2scene(sceneId, linked.id)).statusCode).toBe(200);
    const annLinks = (await links('stashdb performer')).filter((row) => row.external_id === ann.id);
    expect(annLinks.map((row) => [row.internal_db_id, row.match_type])).toEqual([[annActor, 90]]);
  });

  it('takes a scene without a release date', async () => {
    const lone = await make.scene({ scene_id: 'slr-300' });
    expect((await link2scene(lone, undated.id)).statusCode).toBe(200);
    const reference = (await references('stashdb scene')).find((row) => row.external_id === undated.id);
    expect(reference?.external_date).toBeNull();
  });
});
