import { DL_STATE_FLAGS } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listIds } from '../scene-list/scene-list-client';

/*
 * Migration 0006: a scene's cast_count, cuepoint_count and hsp_cuepoint_count follow its cast and cuepoints
 * in the same statement, whoever writes, and agree with what the status refresh computes.
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

const counts = async (id: number) =>
  app.database.db
    .selectFrom('scenes')
    .select(['cast_count', 'cuepoint_count', 'hsp_cuepoint_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('cast_count', () => {
  it('counts the actors cast, without aka groups, as links are added and removed', async () => {
    const id = await make.scene();
    const [a, b] = [await make.actor('Count One'), await make.actor('Count Two')];
    const aka = await make.actor('aka:Count One,C One');
    await make.cast(id, a);
    await make.cast(id, b);
    await make.cast(id, aka);
    expect((await counts(id)).cast_count).toBe(2);
    await app.database.db
      .deleteFrom('scene_cast')
      .where('scene_id', '=', id)
      .where('actor_id', '=', a)
      .execute();
    expect((await counts(id)).cast_count).toBe(1);
  });

  it('drops an actor deleted (its links go by cascade) and follows an actor becoming an aka group', async () => {
    const id = await make.scene();
    const [a, b] = [await make.actor('Gone Soon'), await make.actor('Turns Group')];
    await make.cast(id, a);
    await make.cast(id, b);
    await app.database.db.deleteFrom('actors').where('id', '=', a).execute();
    expect((await counts(id)).cast_count).toBe(1);
    await app.database.db.updateTable('actors').set({ is_aka_group: 1 }).where('id', '=', b).execute();
    expect((await counts(id)).cast_count).toBe(0);
  });

  it('goes back with a failed transaction', async () => {
    const id = await make.scene();
    const a = await make.actor('Rolled Back');
    await expect(
      app.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('scene_cast').values({ scene_id: id, actor_id: a }).execute();
        expect(
          (await trx.selectFrom('scenes').select('cast_count').where('id', '=', id).executeTakeFirstOrThrow())
            .cast_count,
        ).toBe(1);
        throw new Error('fail on purpose');
      }),
    ).rejects.toThrow('fail on purpose');
    expect((await counts(id)).cast_count).toBe(0);
  });

  it('lists a scene under "Cast 1" right after the edit call casts an actor', async () => {
    const id = await make.scene({ title: 'Edited cast' });
    const castOne = { dlState: 'any' as const, ...DL_STATE_FLAGS.any, attributes: ['Cast 1'] };
    expect(await listIds(app, castOne)).not.toContain(id);
    const edited = await app.http.inject({
      method: 'POST',
      url: `/api/scene/edit/${id}`,
      payload: { castArray: ['Freshly Cast'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listIds(app, castOne)).toContain(id);
  });
});

describe('cuepoint counts', () => {
  it('counts all cuepoints and those on a track as they are added, moved between tracks and removed', async () => {
    const id = await make.scene();
    const simple = await make.cuepoint(id, null);
    await make.cuepoint(id, 0, { name: 'hsp one' });
    expect(await counts(id)).toMatchObject({ cuepoint_count: 2, hsp_cuepoint_count: 1 });
    await app.database.db.updateTable('scene_cuepoints').set({ track: 1 }).where('id', '=', simple).execute();
    expect(await counts(id)).toMatchObject({ cuepoint_count: 2, hsp_cuepoint_count: 2 });
    await app.database.db.deleteFrom('scene_cuepoints').where('id', '=', simple).execute();
    expect(await counts(id)).toMatchObject({ cuepoint_count: 1, hsp_cuepoint_count: 1 });
  });

  it('agree with the status refresh', async () => {
    const id = await make.scene();
    await make.cuepoint(id, null);
    await make.cuepoint(id, 2);
    await make.cast(id, await make.actor('Refresh Agrees'));
    const before = await counts(id);
    await sql`UPDATE scenes SET cast_count = 0, cuepoint_count = 0, hsp_cuepoint_count = 0 WHERE id = ${id}`.execute(
      app.database.db,
    );
    await app.sceneStatus.refreshScenes([id]);
    expect(await counts(id)).toEqual(before);
    expect(before).toEqual({ cast_count: 1, cuepoint_count: 2, hsp_cuepoint_count: 1 });
  });
});
