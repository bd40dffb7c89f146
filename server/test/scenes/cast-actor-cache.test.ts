import { Scene, type CastActor } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { toCastActor } from '../../src/mappers/actor.mapper';
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { SceneReadRepository } from '../../src/repositories/scene-read.repository';
import { CastActorCache, deepFreeze } from '../../src/services/cast-actor-cache';
import { SceneReader } from '../../src/services/scene-reader.service';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listScenes } from '../scene-list/scene-list-client';

/*
 * Cast actors on scene pages are shared, frozen objects cached per 'actors' data version. These tests go
 * through the real list call with the cache warm, so a cache that ignores the version shows old actors here.
 */

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

const db = () => app.database.db;

/** A reader of its own (its own cache) on the app's database, for calls the HTTP list cannot shape. */
const newReader = () => new SceneReader(new SceneReadRepository(db()), new DataVersionRepository(db()));

/** The scene as POST /api/scene/list answers it (every scene of this file is listed on one page). */
async function listed(sceneId: number): Promise<Scene> {
  const answer = await listScenes(app, { limit: 1000 });
  const scene = answer.scenes.find((candidate) => candidate.id === sceneId);
  if (!scene) throw new Error(`scene ${sceneId} is not listed`);
  return scene;
}

const castNames = async (sceneId: number) => (await listed(sceneId)).cast.map((actor) => actor.name);

/** The cast order the database gives: scene_cast joined with actors, by name (what the list must match). */
async function castOrderInSql(sceneId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('scene_cast')
    .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
    .select('actors.name')
    .where('scene_cast.scene_id', '=', sceneId)
    .orderBy('actors.name')
    .execute();
  return rows.map((row) => row.name);
}

/** Edits a scene's cast as the reference UI does (the whole scene plus castArray). */
async function editCast(sceneId: number, names: string[]): Promise<Scene> {
  const scene = Scene.parse((await app.http.inject({ method: 'GET', url: `/api/scene/${sceneId}` })).json());
  const response = await app.http.inject({
    method: 'POST',
    url: `/api/scene/edit/${sceneId}`,
    payload: {
      ...scene,
      castArray: names,
      tagsArray: scene.tags.map((tag) => tag.name),
      gallery: [],
      files: [],
      duration: String(scene.duration),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Scene.parse(response.json());
}

describe('cast actors on POST /api/scene/list', () => {
  it('carries every actor field, as the actor mapper makes them from the row', async () => {
    const scene = await make.scene({ title: 'Full fields' });
    const actor = await make.actor('Full Fields Actor', {
      hair_color: 'brown',
      height: 170,
      aliases: '["FF"]',
      urls: '[{"url":"https://example.test/ff","type":"profile"}]',
      star_rating: 4.5,
      favourite: 1,
      birth_date: '1990-02-03',
    });
    await make.cast(scene, actor);

    const [cast] = (await listed(scene)).cast;
    const row = await db().selectFrom('actors').selectAll().where('id', '=', actor).executeTakeFirstOrThrow();
    expect(cast).toEqual(JSON.parse(JSON.stringify(toCastActor(row))) as CastActor);
    expect(cast).toMatchObject({
      name: 'Full Fields Actor',
      hair_color: 'brown',
      height: 170,
      favourite: true,
    });
    expect(Object.keys(cast ?? {}).length).toBeGreaterThanOrEqual(35);
  });

  it('shows a field changed in SQL on the next list', async () => {
    const scene = await make.scene();
    const actor = await make.actor('Edited Actor', { hair_color: 'black' });
    await make.cast(scene, actor);
    expect((await listed(scene)).cast[0]?.hair_color).toBe('black');

    await db().updateTable('actors').set({ hair_color: 'red', weight: 55 }).where('id', '=', actor).execute();
    expect((await listed(scene)).cast[0]).toMatchObject({ hair_color: 'red', weight: 55 });
  });

  it('shows a rename on the next list, in its new place by name', async () => {
    const scene = await make.scene();
    const [first, second] = [await make.actor('Rename Alpha'), await make.actor('Rename Beta')];
    await make.cast(scene, first);
    await make.cast(scene, second);
    expect(await castNames(scene)).toEqual(['Rename Alpha', 'Rename Beta']);

    await db().updateTable('actors').set({ name: 'Rename Zulu' }).where('id', '=', first).execute();
    expect(await castNames(scene)).toEqual(['Rename Beta', 'Rename Zulu']);
  });

  it('drops a deleted actor on the next list', async () => {
    const scene = await make.scene();
    const [kept, gone] = [await make.actor('Delete Kept'), await make.actor('Delete Gone')];
    await make.cast(scene, kept);
    await make.cast(scene, gone);
    expect(await castNames(scene)).toEqual(['Delete Gone', 'Delete Kept']);

    await db().deleteFrom('actors').where('id', '=', gone).execute();
    expect(await castNames(scene)).toEqual(['Delete Kept']);
  });

  it('shows a new actor cast through the edit call, and the new scene count of an actor already shown', async () => {
    const [one, two] = [await make.scene(), await make.scene()];
    await make.actor('Counted Actor');
    await editCast(one, ['Counted Actor']);
    expect((await listed(one)).cast.map((actor) => [actor.name, actor.count])).toEqual([
      ['Counted Actor', 1],
    ]);

    await editCast(two, ['Counted Actor', 'Brand New Cast']);
    expect((await listed(two)).cast.map((actor) => [actor.name, actor.count])).toEqual([
      ['Brand New Cast', 1],
      ['Counted Actor', 2],
    ]);
    expect((await listed(one)).cast.map((actor) => actor.count)).toEqual([2]);
  });

  it('orders each cast by name exactly as the database does (binary: capitals, then lower case, then accents)', async () => {
    const scene = await make.scene();
    for (const name of ['Zoe Order', 'émile Order', 'anna Order', 'Bea Order', 'Éa Order']) {
      await make.cast(scene, await make.actor(name));
    }
    const expected = ['Bea Order', 'Zoe Order', 'anna Order', 'Éa Order', 'émile Order'];
    expect(await castOrderInSql(scene)).toEqual(expected);
    expect(await castNames(scene)).toEqual(expected);
    // Warm now: the order still comes from the links, not from the cache.
    expect(await castNames(scene)).toEqual(expected);
  });

  it('serialises an actor on two scenes identically', async () => {
    const [one, two] = [await make.scene(), await make.scene()];
    const actor = await make.actor('Twice Listed', { nationality: 'NL' });
    await make.cast(one, actor);
    await make.cast(two, actor);
    const [a, b] = [(await listed(one)).cast[0], (await listed(two)).cast[0]];
    expect(a?.nationality).toBe('NL');
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('answers GET /api/scene/{id} with the cached actors', async () => {
    const scene = await make.scene();
    await make.cast(scene, await make.actor('Got By Id'));
    await listed(scene);
    const response = await app.http.inject({ method: 'GET', url: `/api/scene/${scene}` });
    expect(response.statusCode).toBe(200);
    expect(Scene.parse(response.json()).cast.map((actor) => actor.name)).toEqual(['Got By Id']);
  });
});

describe('SceneReader.load cast actors', () => {
  it('shares one frozen object per actor across scenes and loads', async () => {
    const reader = newReader();
    const [one, two] = [await make.scene(), await make.scene()];
    const actor = await make.actor('Shared Frozen');
    await make.cast(one, actor);
    await make.cast(two, actor);

    const [a, b] = await reader.load([one, two]);
    const shared = a?.cast[0];
    expect(shared?.name).toBe('Shared Frozen');
    expect(b?.cast[0]).toBe(shared);
    expect((await reader.load([two]))[0]?.cast[0]).toBe(shared);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(() => {
      (shared as { name: string }).name = 'Mutated';
    }).toThrow(TypeError);
  });

  it('keeps the name order when a page mixes cached and new actors', async () => {
    const reader = newReader();
    const [one, two] = [await make.scene(), await make.scene()];
    const names = ['Mix Delta', 'Mix Alpha', 'Mix Charlie', 'Mix Bravo'];
    const ids = await Promise.all(names.map((name) => make.actor(name)));
    for (const id of ids.slice(0, 2)) await make.cast(one, id);
    for (const id of ids) await make.cast(two, id);

    await reader.load([one]);
    const [first, second] = await reader.load([one, two]);
    expect(first?.cast.map((actor) => actor.name)).toEqual(['Mix Alpha', 'Mix Delta']);
    expect(second?.cast.map((actor) => actor.name)).toEqual(await castOrderInSql(two));
    expect(second?.cast.map((actor) => actor.name)).toEqual([
      'Mix Alpha',
      'Mix Bravo',
      'Mix Charlie',
      'Mix Delta',
    ]);
  });

  it('reads only the actors it has not cached, and all of them again after an actor write', async () => {
    const repo = new SceneReadRepository(db());
    const reads = vi.spyOn(repo, 'actorsByIds');
    const reader = new SceneReader(repo, new DataVersionRepository(db()));
    const [one, two] = [await make.scene(), await make.scene()];
    const [a, b, c] = [
      await make.actor('Read Once A'),
      await make.actor('Read Once B'),
      await make.actor('Read Once C'),
    ];
    await make.cast(one, a);
    await make.cast(one, b);
    await make.cast(two, b);
    await make.cast(two, c);

    await reader.load([one]);
    await reader.load([one, two]);
    expect(reads.mock.calls).toEqual([[[a, b]], [[c]]]);

    await sql`UPDATE actors SET biography = 'new' WHERE id = ${a}`.execute(db());
    const [reloaded] = await reader.load([one]);
    expect(reads.mock.calls.at(-1)).toEqual([[a, b]]);
    expect(reloaded?.cast.map((actor) => actor.biography)).toEqual(['new', '']);
  });
});

describe('CastActorCache and deepFreeze', () => {
  const actor = (id: number, name: string): CastActor =>
    ({ id, name, scenes: null, aka_groups: null }) as unknown as CastActor;

  it('drops everything when the version moves and ignores adds under a version it has left', () => {
    const cache = new CastActorCache(10);
    expect(cache.lookup(1, [1, 2, 1]).missing).toEqual([1, 2]);
    cache.add(1, actor(1, 'one'));
    expect(cache.lookup(1, [1, 2])).toEqual({ found: new Map([[1, actor(1, 'one')]]), missing: [2] });
    expect(cache.lookup(2, [1]).missing).toEqual([1]);
    cache.add(1, actor(1, 'stale'));
    expect(cache.lookup(2, [1]).missing).toEqual([1]);
  });

  it('forgets the oldest entries beyond its capacity', () => {
    const cache = new CastActorCache(2);
    cache.lookup(1, []);
    for (const id of [1, 2, 3]) cache.add(1, actor(id, `a${id}`));
    expect(cache.lookup(1, [1, 2, 3]).missing).toEqual([1]);
  });

  it('freezes nested objects and arrays', () => {
    const value = deepFreeze({ list: [{ x: 1 }], inner: { y: [2] } });
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen(value.inner.y)).toBe(true);
    expect(() => value.inner.y.push(3)).toThrow(TypeError);
  });
});
