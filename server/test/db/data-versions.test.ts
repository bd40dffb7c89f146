import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrator';
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/*
 * The 'actors' data version (migration 0004) is what the cast-actor cache trusts to know it is stale: it must
 * move with every actor write, in the writer's transaction, and with nothing else.
 */

let dir: string;
let opened: OpenedDatabase;
let versions: DataVersionRepository;
let make: ReturnType<typeof libraryFactory>;

beforeAll(async () => {
  dir = makeTempDir();
  opened = openDatabase(path.join(dir, 'fovea.db'));
  await migrateToLatest({ opened, backupDir: path.join(dir, 'backups'), logger: { info: () => undefined } });
  versions = new DataVersionRepository(opened.db);
  make = libraryFactory(opened.db);
});

afterAll(async () => {
  await opened.close();
  removeTempDir(dir);
});

const db = () => opened.db;

/** How far the 'actors' version moves while `write` runs. */
async function actorsMoveBy(write: () => Promise<unknown>): Promise<number> {
  const before = await versions.version('actors');
  await write();
  return (await versions.version('actors')) - before;
}

describe("the 'actors' data version", () => {
  it('moves on insert, update and delete of an actor', async () => {
    let id = 0;
    expect(
      await actorsMoveBy(async () => {
        id = await make.actor('Versioned Actor');
      }),
    ).toBe(1);
    expect(
      await actorsMoveBy(() =>
        db().updateTable('actors').set({ hair_color: 'red' }).where('id', '=', id).execute(),
      ),
    ).toBe(1);
    expect(await actorsMoveBy(() => db().deleteFrom('actors').where('id', '=', id).execute())).toBe(1);
  });

  it('does not move on scene-only writes (scene rows, cast links, tags)', async () => {
    const actor = await make.actor('Scene Only Actor');
    expect(
      await actorsMoveBy(async () => {
        const scene = await make.scene({ title: 'Scene only' });
        await db()
          .updateTable('scenes')
          .set({ title: 'Renamed', is_hidden: 1 })
          .where('id', '=', scene)
          .execute();
        await make.cast(scene, actor);
        await make.tagScene(scene, 'scene only tag');
        await db().deleteFrom('scene_cast').where('scene_id', '=', scene).execute();
        await db().deleteFrom('scenes').where('id', '=', scene).execute();
      }),
    ).toBe(0);
  });

  it('moves inside the writing transaction and rolls back with it', async () => {
    const id = await make.actor('Rolled Back Actor');
    const before = await versions.version('actors');
    const failed = db()
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('actors').set({ name: 'Never Committed' }).where('id', '=', id).execute();
        expect(await new DataVersionRepository(tx).version('actors')).toBe(before + 1);
        throw new Error('abort');
      });
    await expect(failed).rejects.toThrow('abort');
    expect(await versions.version('actors')).toBe(before);
    const row = await db().selectFrom('actors').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Rolled Back Actor');
  });
});
