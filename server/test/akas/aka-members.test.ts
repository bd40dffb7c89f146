import type { AkaResponse } from '@fovea/contract';
import { ZERO_TIME } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { AkaRepository } from '../../src/repositories/aka.repository';
import { AkaService } from '../../src/services/aka.service';
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

const members = (answer: AkaResponse) => answer.akas.actors?.map((a) => a.name);
const counts = (answer: AkaResponse) => [answer.akas.aka_actor.count, answer.akas.aka_actor.avail_count];

const ZERO_AKA = {
  id: 0,
  name: '',
  aka_actor_id: 0,
  aka_actor: expect.objectContaining({ id: 0, name: '', updated_at: ZERO_TIME }) as unknown,
  actors: null,
};

/** Everything the aka calls write, to compare before and after a refused or failed call. */
async function snapshot() {
  const db = app.database.db;
  return {
    akas: await db.selectFrom('akas').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('actor_akas').selectAll().orderBy('aka_id').orderBy('actor_id').execute(),
    actors: await db.selectFrom('actors').selectAll().orderBy('id').execute(),
  };
}

describe('POST /api/aka/add', () => {
  it('adds members, renames the group and its pseudo-actor, and refreshes the counts', async () => {
    await actor('A one', 1, 1);
    await actor('A two', 2, 0);
    await actor('A three', 3, 3);
    const created = await call('create', ['A one', 'A two']);
    expect(created.akas.aka_actor.name).toBe('aka:A two,A one');
    expect(counts(created)).toEqual([3, 1]);

    const answer = await call('add', ['aka:A two,A one', '&A three']);

    expect(answer.status).toBe('');
    expect(answer.akas).toMatchObject({
      id: created.akas.id,
      name: 'A three,A two,A one',
      aka_actor_id: created.akas.aka_actor_id,
      aka_actor: { id: created.akas.aka_actor_id, name: 'aka:A three,A two,A one', count: 6, avail_count: 4 },
    });
    expect(members(answer)).toEqual(['A three', 'A two', 'A one']);
    const row = await app.database.db
      .selectFrom('actors')
      .selectAll()
      .where('id', '=', created.akas.aka_actor_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'aka:A three,A two,A one', count: 6, avail_count: 4, is_aka_group: 1 });
  });

  it('skips unknown actors, members, members of other groups and aka entries with warnings', async () => {
    for (const name of ['W one', 'W two', 'W three', 'W four', 'W five']) await actor(name);
    await call('create', ['W one', 'W two']);
    await call('create', ['W three', 'W four']);

    const answer = await call('add', ['aka:W one,W two', 'W ghost', 'W one', 'W three', 'W five']);

    expect(answer.status).toBe(
      'Actor W ghost not found, W one is already in this aka group, ' +
        'W three is already in aka group aka:W four,W three',
    );
    expect(answer.akas.name).toBe('W five,W one,W two');
  });

  it('answers the group unchanged with warnings when nothing can be added', async () => {
    await actor('U one');
    await actor('U two');
    const created = await call('create', ['U one', 'U two']);
    const before = await snapshot();

    expect(await call('add', ['aka:U one,U two', 'U one', 'U ghost'])).toEqual({
      status: 'Actor U ghost not found, U one is already in this aka group',
      akas: created.akas,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('needs exactly one known "aka:..." entry and changes nothing otherwise', async () => {
    for (const name of ['Y one', 'Y two', 'Y three', 'Y four']) await actor(name);
    await call('create', ['Y one', 'Y two']);
    await call('create', ['Y three', 'Y four']);
    const before = await snapshot();

    for (const path of ['add', 'remove']) {
      expect(await call(path, ['Y one', 'Y three'])).toEqual({
        status: 'Error: name exactly one aka group',
        akas: ZERO_AKA,
      });
      expect(await call(path, ['aka:Y one,Y two', 'aka:Y four,Y three', 'Y one'])).toEqual({
        status: 'Error: name exactly one aka group',
        akas: ZERO_AKA,
      });
      expect(await call(path, ['aka:Y nobody', 'Y one'])).toEqual({
        status: 'Error: Aka group aka:Y nobody not found',
        akas: ZERO_AKA,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses when another actor already has the new pseudo-actor name', async () => {
    for (const name of ['Z one', 'Z two', 'Z three']) await actor(name);
    const created = await call('create', ['Z one', 'Z two']);
    await make.actor('aka:Z one,Z three,Z two', { is_aka_group: 0 });
    const before = await snapshot();

    expect(await call('add', ['aka:Z one,Z two', 'Z three'])).toEqual({
      status: 'Error: an actor named aka:Z one,Z three,Z two already exists',
      akas: created.akas,
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/aka/remove', () => {
  it('removes members, renames the group and refreshes the counts, warning about non-members', async () => {
    await actor('R one', 1, 1);
    await actor('R two', 2, 2);
    await actor('R three', 3, 0);
    await actor('R other');
    const created = await call('create', ['R one', 'R two', 'R three']);
    expect(counts(created)).toEqual([6, 3]);

    const answer = await call('remove', ['!aka:R three,R two,R one', 'R three', 'R other', 'R ghost']);

    expect(answer.status).toBe('Actor R ghost not found, R other is not in this aka group');
    expect(answer.akas).toMatchObject({
      id: created.akas.id,
      name: 'R two,R one',
      aka_actor: { id: created.akas.aka_actor_id, name: 'aka:R two,R one', count: 3, avail_count: 3 },
    });
    expect(members(answer)).toEqual(['R two', 'R one']);
    // The removed actor may join another group now.
    await actor('R four');
    expect((await call('create', ['R three', 'R four'])).status).toBe('');
  });

  it('refuses to leave fewer than two members and changes nothing', async () => {
    for (const name of ['F one', 'F two', 'F three']) await actor(name);
    const created = await call('create', ['F one', 'F two', 'F three']);
    const before = await snapshot();

    expect(await call('remove', [created.akas.aka_actor.name, 'F one', 'F two'])).toEqual({
      status: 'Error: an aka group needs at least two actors; delete the group instead',
      akas: created.akas,
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('read API and refresh for other parts of the server', () => {
  it('refreshGroups renames by the new scene counts and refreshes the counts after cast changes', async () => {
    const one = await actor('G one', 2, 1);
    await actor('G two', 1, 0);
    const created = await call('create', ['G one', 'G two']);
    expect(created.akas.aka_actor.name).toBe('aka:G one,G two');
    const two = (
      await app.database.db
        .selectFrom('actors')
        .select('id')
        .where('name', '=', 'G two')
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < 2; i++) await make.cast(await make.scene({ is_available: 1 }), two);
    await make.cast(await make.scene({ is_available: 1 }), one);
    const service = new AkaService(new AkaRepository(app.database.db));

    await service.refreshGroups([created.akas.id]);

    const after = await service.get(created.akas.id);
    expect(after).toMatchObject({
      name: 'G one,G two',
      aka_actor: { name: 'aka:G one,G two', count: 6, avail_count: 4 },
    });
    await make.cast(await make.scene(), two);
    await service.refreshGroups();
    expect(await service.get(created.akas.id)).toMatchObject({
      name: 'G two,G one',
      aka_actor: { name: 'aka:G two,G one', count: 7, avail_count: 4 },
    });
  });
});

describe('a failing write changes nothing', () => {
  async function withTrigger(sql: string, run: () => Promise<void>) {
    app.database.sqlite.exec(sql);
    try {
      await run();
    } finally {
      app.database.sqlite.exec('DROP TRIGGER IF EXISTS fail_write');
    }
  }

  it('create, add, remove and delete roll back as a whole', async () => {
    for (const name of ['T one', 'T two', 'T three', 'T four', 'T five']) await actor(name, 1);
    await call('create', ['T one', 'T two', 'T three']);
    const before = await snapshot();

    await withTrigger(
      `CREATE TRIGGER fail_write BEFORE INSERT ON actor_akas BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      async () => {
        expect((await post('/api/aka/create', { actorList: ['T four', 'T five'] })).code).toBe(500);
        expect((await post('/api/aka/add', { actorList: ['aka:T one,T three,T two', 'T four'] })).code).toBe(
          500,
        );
      },
    );
    await withTrigger(
      `CREATE TRIGGER fail_write BEFORE UPDATE OF name ON actors BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      async () => {
        expect(
          (await post('/api/aka/remove', { actorList: ['aka:T one,T three,T two', 'T three'] })).code,
        ).toBe(500);
      },
    );
    await withTrigger(
      `CREATE TRIGGER fail_write BEFORE DELETE ON actors BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      async () => {
        expect((await post('/api/aka/delete', { name: 'aka:T one,T three,T two' })).code).toBe(500);
      },
    );
    expect(await snapshot()).toEqual(before);
  });
});
