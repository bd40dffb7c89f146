import { DL_STATE_FLAGS } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { countsOf, listScenes } from './scene-list-client';

/*
 * Filters with a set condition (here a tag) are counted from the in-memory status snapshot, which is read
 * again only when the `scene_status` data version moves. Every kind of write that changes what a tag
 * filter counts must show in the next answer, and only those writes move the version.
 */

let app: FoveaApp;
let versions: DataVersionRepository;
let make: ReturnType<typeof libraryFactory>;
let online: number;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
  versions = new DataVersionRepository(app.database.db);
  online = await make.volume({ is_available: 1 });
  for (let i = 0; i < 4; i++) {
    const id = await make.scene({ title: `Tagged ${i}` });
    await make.tagScene(id, 'outdoor');
  }
  await make.scene({ title: 'Untagged' });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const tagged = () =>
  listScenes(app, { dlState: 'any', ...DL_STATE_FLAGS.any, tags: ['outdoor'], sort: 'title_asc' });
const version = () => versions.version('scene_status');
const idOf = async (title: string) =>
  (
    await app.database.db
      .selectFrom('scenes')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).id;

describe('the scene_status data version', () => {
  it('moves when a scene is added, removed, or its hidden, available or accessible flag changes', async () => {
    const db = app.database.db;
    let before = await version();
    const id = await make.scene({ title: 'Passing' });
    expect(await version()).toBeGreaterThan(before);
    for (const column of ['is_hidden', 'is_available', 'is_accessible'] as const) {
      before = await version();
      await db
        .updateTable('scenes')
        .set({ [column]: 1 })
        .where('id', '=', id)
        .execute();
      expect(await version(), column).toBeGreaterThan(before);
    }
    before = await version();
    await db.deleteFrom('scenes').where('id', '=', id).execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it('stays when nothing the snapshot holds changes', async () => {
    const id = await idOf('Untagged');
    const before = await version();
    await app.database.db
      .updateTable('scenes')
      .set({ favourite: 1, title: 'Untagged' })
      .where('id', '=', id)
      .execute();
    // writing the same flag again is no change either
    await sql`UPDATE scenes SET is_hidden = is_hidden WHERE id = ${id}`.execute(app.database.db);
    expect(await version()).toBe(before);
  });

  it('goes back with a transaction that fails', async () => {
    const before = await version();
    await expect(
      app.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('scenes').values({ scene_id: 'rolled-back', title: 'Rolled back' }).execute();
        throw new Error('fail on purpose');
      }),
    ).rejects.toThrow('fail on purpose');
    expect(await version()).toBe(before);
  });
});

describe('a tag filter after writes', () => {
  it('counts a scene hidden through the API', async () => {
    expect(countsOf(await tagged())).toMatchObject({ any: 4, hidden: 0 });
    const id = await idOf('Tagged 0');
    const { scene_id } = await app.database.db
      .selectFrom('scenes')
      .select('scene_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const toggled = await app.http.inject({
      method: 'POST',
      url: '/api/scene/toggle',
      payload: { scene_id, list: 'is_hidden' },
    });
    expect(toggled.statusCode).toBe(200);
    const after = await tagged();
    expect(countsOf(after)).toMatchObject({ any: 3, hidden: 1 });
    expect(after.scenes.map((s) => s.title)).toEqual(['Tagged 1', 'Tagged 2', 'Tagged 3']);
  });

  it('counts a scene that became available from a new file', async () => {
    const id = await idOf('Tagged 1');
    expect(countsOf(await tagged())).toMatchObject({ downloaded: 0, not_downloaded: 3 });
    await make.file({ volume_id: online, scene_id: id });
    await app.sceneStatus.refreshScenes([id]);
    expect(countsOf(await tagged())).toMatchObject({ available: 1, downloaded: 1, not_downloaded: 2 });
  });

  it('lists a scene added, and forgets one deleted', async () => {
    const added = await make.scene({ title: 'Tagged 4' });
    await make.tagScene(added, 'outdoor');
    const withAdded = await tagged();
    expect(withAdded.results).toBe(4);
    expect(withAdded.scenes.map((s) => s.title)).toContain('Tagged 4');
    await app.database.db.deleteFrom('scene_tags').where('scene_id', '=', added).execute();
    await app.database.db.deleteFrom('scenes').where('id', '=', added).execute();
    const withoutAdded = await tagged();
    expect(withoutAdded.results).toBe(3);
    expect(withoutAdded.scenes.map((s) => s.title)).not.toContain('Tagged 4');
  });
});
