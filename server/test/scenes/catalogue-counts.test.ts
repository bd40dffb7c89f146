import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { groupsFactory } from '../factories/groups.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('CatalogueCountsRepository', () => {
  it('recounts tags and actors by id or all at once, writing only rows that are out of date', async () => {
    const db = app.database.db;
    const make = libraryFactory(db);
    const counts = new CatalogueCountsRepository(db);
    const volume = await make.volume();
    const owned = await make.scene();
    const wanted = await make.scene();
    await make.file({ volume_id: volume, scene_id: owned });
    await app.sceneStatus.refreshScenes([owned]);
    const both = await make.actor('In Both');
    const one = await make.actor('In One', { count: 9, avail_count: 9 });
    await make.actor('In None', { count: 3, avail_count: 1 });
    await make.cast(owned, both);
    await make.cast(wanted, both);
    await make.cast(wanted, one);
    await make.tagScene(owned, 'shared', 'single');
    await make.tagScene(wanted, 'shared');
    const unused = await make.tag('unused');
    await db.updateTable('tags').set({ count: 5 }).where('id', '=', unused).execute();

    const actorCounts = () =>
      db.selectFrom('actors').select(['name', 'count', 'avail_count']).orderBy('name').execute();
    const tagCounts = () => db.selectFrom('tags').select(['name', 'count']).orderBy('name').execute();

    expect(await counts.refreshActorCounts([both])).toBe(1);
    expect(await actorCounts()).toEqual([
      { name: 'In Both', count: 2, avail_count: 1 },
      { name: 'In None', count: 3, avail_count: 1 },
      { name: 'In One', count: 9, avail_count: 9 },
    ]);
    expect(await counts.refreshActorCounts('all')).toBe(2);
    expect(await actorCounts()).toEqual([
      { name: 'In Both', count: 2, avail_count: 1 },
      { name: 'In None', count: 0, avail_count: 0 },
      { name: 'In One', count: 1, avail_count: 0 },
    ]);
    expect(await counts.refreshActorCounts('all')).toBe(0);
    expect(await counts.refreshActorCounts([])).toBe(0);

    expect(await counts.refreshTagCounts([unused])).toBe(1);
    expect(await counts.refreshTagCounts('all')).toBe(2);
    expect(await tagCounts()).toEqual([
      { name: 'shared', count: 2 },
      { name: 'single', count: 1 },
      { name: 'unused', count: 0 },
    ]);
    expect(await counts.refreshTagCounts('all')).toBe(0);
  });

  it('counts group pseudo rows over their members, also when a member is recounted or everything is', async () => {
    const db = app.database.db;
    const make = libraryFactory(db);
    const groups = groupsFactory(db);
    const counts = new CatalogueCountsRepository(db);
    const volume = await make.volume();
    const first = await make.scene();
    const second = await make.scene();
    await make.file({ volume_id: volume, scene_id: first });
    await app.sceneStatus.refreshScenes([first]);
    const red = await make.tag('group red');
    const blue = await make.tag('group blue');
    await make.tagScene(first, 'group red', 'group blue');
    await make.tagScene(second, 'group blue');
    const colours = await groups.tagGroup('colours', [red, blue]);
    const jane = await make.actor('Group Jane');
    const janet = await make.actor('Group Janet');
    await make.cast(first, jane);
    await make.cast(second, janet);
    await make.cast(first, janet);
    const aka = await groups.aka('aka:Group Jane,Group Janet', [jane, janet]);
    const tagCount = async () =>
      (
        await db
          .selectFrom('tags')
          .select('count')
          .where('id', '=', colours.pseudoId)
          .executeTakeFirstOrThrow()
      ).count;
    const akaCounts = () =>
      db
        .selectFrom('actors')
        .select(['count', 'avail_count'])
        .where('id', '=', aka.pseudoId)
        .executeTakeFirstOrThrow();

    await counts.refreshTagCounts([red]);
    await counts.refreshActorCounts([jane]);
    expect(await tagCount()).toBe(2);
    expect(await akaCounts()).toEqual({ count: 2, avail_count: 1 });

    await counts.refreshTagCounts('all');
    await counts.refreshActorCounts('all');
    expect(await tagCount()).toBe(2);
    expect(await akaCounts()).toEqual({ count: 2, avail_count: 1 });
  });
});
