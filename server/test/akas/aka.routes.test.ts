import { Aka, AkaList, AkaResponse, ApiError, ZERO_TIME } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { postJson } from '../helpers/inject-json';
import { createTestApp } from '../helpers/test-app';
import { akaCall } from './aka-client';

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

const post = (url: string, payload: unknown) => postJson(app, url, payload);

const call = (path: string, actorList: string[]) => akaCall(app, path, actorList);

/** An actor cast in `scenes` new scenes, of which the first `available` are available. */
async function actor(name: string, scenes = 0, available = 0): Promise<number> {
  const id = await make.actor(name);
  for (let i = 0; i < scenes; i++)
    await make.cast(await make.scene({ is_available: i < available ? 1 : 0 }), id);
  return id;
}

async function actorRow(name: string) {
  return app.database.db.selectFrom('actors').selectAll().where('name', '=', name).executeTakeFirst();
}

async function akaCount() {
  const row = await app.database.db
    .selectFrom('akas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const ZERO_AKA = {
  id: 0,
  name: '',
  aka_actor_id: 0,
  aka_actor: expect.objectContaining({
    id: 0,
    name: '',
    count: 0,
    created_at: ZERO_TIME,
    scenes: null,
  }) as unknown,
  actors: null,
};

describe('POST /api/aka/create', () => {
  it('creates the group and its pseudo-actor: name by scene count, counts of distinct and available scenes', async () => {
    const jane = await actor('C Jane', 1, 1);
    const ann = await actor('C Ann', 1, 0);
    const zoe = await actor('C Zoe', 3, 2);
    const shared = await make.scene({ is_available: 1 });
    await make.cast(shared, jane);
    await make.cast(shared, zoe);

    const answer = await call('create', ['C Jane', 'C Ann', 'C Zoe']);

    expect(answer.status).toBe('');
    const pseudo = await actorRow('aka:C Zoe,C Jane,C Ann');
    expect(pseudo).toMatchObject({ is_aka_group: 1, count: 6, avail_count: 4 });
    const akas = Aka.parse(answer.akas);
    expect(akas).toMatchObject({
      name: 'C Zoe,C Jane,C Ann',
      aka_actor_id: pseudo?.id,
      aka_actor: { id: pseudo?.id, name: 'aka:C Zoe,C Jane,C Ann', count: 6, avail_count: 4 },
    });
    expect(akas.aka_actor).toMatchObject({ scenes: null, aka_groups: null });
    expect(akas.actors?.map((a) => [a.id, a.name, a.scenes, a.aka_groups])).toEqual([
      [zoe, 'C Zoe', null, null],
      [jane, 'C Jane', null, null],
      [ann, 'C Ann', null, null],
    ]);
    const castRows = await app.database.db
      .selectFrom('scene_cast')
      .selectAll()
      .where('actor_id', '=', pseudo?.id ?? -1)
      .execute();
    expect(castRows).toEqual([]);
  });

  it('orders members with equal scene counts by name, and ignores filter prefixes and duplicates', async () => {
    await actor('O beta', 2);
    await actor('o alpha', 2);
    await actor('O gamma', 5);

    const answer = await call('create', ['!O beta', '&o alpha', 'O gamma', 'O beta']);

    expect(answer.status).toBe('');
    expect(answer.akas.aka_actor.name).toBe('aka:O gamma,o alpha,O beta');
  });

  it('answers 404 with {status, akas} and creates nothing when a named actor does not exist', async () => {
    await actor('N real');
    const before = await akaCount();

    const { code, body } = await post('/api/aka/create', { actorList: ['N real', 'N ghost', 'N phantom'] });

    expect(code).toBe(404);
    expect(AkaResponse.parse(body)).toEqual({
      status: 'Error: Actor N ghost not found, Actor N phantom not found',
      akas: ZERO_AKA,
    });
    expect(await akaCount()).toBe(before);
  });

  it('skips aka entries and actors of other groups; fewer than two members left creates nothing', async () => {
    await actor('S one');
    await actor('S two');
    await actor('S three');
    const first = await call('create', ['S one', 'S two']);
    const before = await akaCount();

    expect(await call('create', ['S one', 'S three', first.akas.aka_actor.name])).toEqual({
      status:
        'Error: aka:S one,S two is an aka group and cannot be a member, ' +
        'S one is already in aka group aka:S one,S two, an aka group needs at least two actors',
      akas: ZERO_AKA,
    });
    expect(await akaCount()).toBe(before);
  });

  it('creates with the valid members and warns about the skipped ones', async () => {
    await actor('K one');
    await actor('K two');
    await actor('K three');
    await actor('K four');
    await call('create', ['K one', 'K two']);

    const answer = await call('create', ['K one', 'K three', 'K four', 'aka:K unknown']);

    expect(answer.status).toBe(
      'aka:K unknown is an aka group and cannot be a member, K one is already in aka group aka:K one,K two',
    );
    expect(answer.akas.name).toBe('K four,K three');
  });

  it('refuses when an actor already has the pseudo-actor name', async () => {
    await actor('X one');
    await actor('X two');
    await make.actor('aka:X one,X two', { is_aka_group: 0 });
    const before = await akaCount();

    expect(await call('create', ['X one', 'X two'])).toEqual({
      status: 'Error: an actor named aka:X one,X two already exists',
      akas: ZERO_AKA,
    });
    expect(await akaCount()).toBe(before);
  });

  it.each([
    [{ actorList: ['only one'] }, 'body.actorList: name at least two entries'],
    [{ actorList: ['a', ''] }, 'body.actorList.1'],
    [{}, 'body.actorList'],
  ])('answers 400 for %j', async (payload, message) => {
    for (const path of ['create', 'add', 'remove']) {
      const { code, body } = await post(`/api/aka/${path}`, payload);
      expect(code).toBe(400);
      expect(ApiError.parse(body).message).toContain(message);
    }
  });
});

describe('GET /api/aka/list and /api/aka/{id}', () => {
  it('lists every group by name and gets one by id', async () => {
    await actor('L one', 1);
    await actor('L two', 2);
    await actor('L three', 3);
    await actor('L four', 3);
    const a = await call('create', ['L one', 'L two']);
    const b = await call('create', ['L three', 'L four']);

    const list = await app.http.inject({ method: 'GET', url: '/api/aka/list' });
    expect(list.statusCode).toBe(200);
    const groups = AkaList.parse(list.json());
    expect(groups.find((group) => group.id === a.akas.id)).toEqual(a.akas);
    expect(groups.find((group) => group.id === b.akas.id)?.name).toBe('L four,L three');
    const names = groups.map((group) => group.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const one = await app.http.inject({ method: 'GET', url: `/api/aka/${a.akas.id}` });
    expect(one.statusCode).toBe(200);
    expect(Aka.parse(one.json())).toEqual(a.akas);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await app.http.inject({ method: 'GET', url: '/api/aka/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'Aka group 999999 not found' });
    const bad = await app.http.inject({ method: 'GET', url: '/api/aka/abc' });
    expect(bad.statusCode).toBe(400);
    expect(ApiError.parse(bad.json()).message).toContain('params.id');
  });
});

describe('POST /api/aka/delete', () => {
  async function deleted(payload: unknown) {
    const { code, body } = await post('/api/aka/delete', payload);
    expect(code, JSON.stringify(body)).toBe(200);
    return Aka.parse(body);
  }

  it('deletes by "aka:..." entry, group name or id with its pseudo-actor, keeping the members', async () => {
    const ids = [await actor('D one'), await actor('D two'), await actor('D three'), await actor('D four')];
    await actor('D five');
    await actor('D six');
    const byActorName = await call('create', ['D one', 'D two']);
    const byName = await call('create', ['D three', 'D four']);
    const byId = await call('create', ['D five', 'D six']);

    expect(await deleted({ name: '!aka:D one,D two' })).toEqual(byActorName.akas);
    expect(await deleted({ name: 'D four,D three' })).toEqual(byName.akas);
    expect(await deleted({ aka_id: byId.akas.id })).toEqual(byId.akas);

    for (const answer of [byActorName, byName, byId]) {
      expect(await actorRow(answer.akas.aka_actor.name)).toBeUndefined();
      const members = await app.database.db
        .selectFrom('actor_akas')
        .selectAll()
        .where('aka_id', '=', answer.akas.id)
        .execute();
      expect(members).toEqual([]);
    }
    const kept = await app.database.db.selectFrom('actors').select('id').where('id', 'in', ids).execute();
    expect(kept).toHaveLength(4);
    // The members are free again.
    expect((await call('create', ['D one', 'D three'])).status).toBe('');
  });

  it('answers 404 for an unknown group and 400 without a name or id', async () => {
    const byName = await post('/api/aka/delete', { name: 'aka:nobody,nobody else' });
    expect(byName.code).toBe(404);
    expect(byName.body).toEqual({
      error: 'Not Found',
      message: 'Aka group aka:nobody,nobody else not found',
    });
    const byId = await post('/api/aka/delete', { aka_id: 999999 });
    expect(byId.code).toBe(404);
    expect(byId.body).toEqual({ error: 'Not Found', message: 'Aka group 999999 not found' });
    const neither = await post('/api/aka/delete', {});
    expect(neither.code).toBe(400);
    expect(ApiError.parse(neither.body).message).toContain('give name or aka_id');
  });
});
