import { DL_STATE_FLAGS, SceneDlState } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { countsOf, listIds, listScenes, NamedScenes, sorted } from './scene-list-client';

/*
 * The download-state tabs, the counts and the scalar filters (isWatched, lists, releaseMonth, volume) of
 * POST /api/scene/list. Status columns come from files through sceneStatus.refreshScenes.
 */

let app: FoveaApp;
const scenes = new NamedScenes();
let online: number;
let offline: number;

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  online = await make.volume({ is_available: 1 });
  offline = await make.volume({ is_available: 0 });
  const scene = async (name: string, values: Parameters<typeof make.scene>[0] = {}) =>
    scenes.add(name, await make.scene({ title: name, ...values }));

  // Available and accessible: a video file on a mounted volume.
  const onDisk = await scene('onDisk', {
    release_date: '2023-04-01',
    is_watched: 1,
    favourite: 1,
    watchlist: 1,
  });
  await make.file({ volume_id: online, scene_id: onDisk });
  // Available, not accessible: the only video is on an unmounted volume.
  const unmounted = await scene('unmounted', { release_date: '2023-04-30', favourite: 1 });
  await make.file({ volume_id: offline, scene_id: unmounted });
  // Available, not accessible: the video file went missing.
  const lost = await scene('lost', { release_date: '2023-03-31' });
  await make.file({ volume_id: online, scene_id: lost, missing_since: '2024-01-01T00:00:00.000Z' });
  // Not available: no files at all (on the wishlist, which only a scene without a video keeps).
  await scene('wanted', { release_date: '2023-05-01', is_watched: 1, wishlist: 1 });
  // Not available: only a script file (so scripted).
  const scriptOnly = await scene('scriptOnly', { release_date: '2022-12-31' });
  await make.file({ volume_id: online, scene_id: scriptOnly, type: 'script', filename: 'x.funscript' });
  // Hidden: one with a video, one without.
  const hiddenOnDisk = await scene('hiddenOnDisk', { is_hidden: 1, is_watched: 1, favourite: 1 });
  await make.file({ volume_id: online, scene_id: hiddenOnDisk });
  await scene('hiddenWanted', { is_hidden: 1 });

  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('status columns behind the tabs', () => {
  it('are what the files say (the fixture is realistic)', async () => {
    const rows = await app.database.db
      .selectFrom('scenes')
      .select(['title', 'is_available', 'is_accessible', 'is_scripted', 'wishlist'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { title: 'onDisk', is_available: 1, is_accessible: 1, is_scripted: 0, wishlist: 0 },
      { title: 'unmounted', is_available: 1, is_accessible: 0, is_scripted: 0, wishlist: 0 },
      { title: 'lost', is_available: 1, is_accessible: 0, is_scripted: 0, wishlist: 0 },
      { title: 'wanted', is_available: 0, is_accessible: 0, is_scripted: 0, wishlist: 1 },
      { title: 'scriptOnly', is_available: 0, is_accessible: 0, is_scripted: 1, wishlist: 0 },
      { title: 'hiddenOnDisk', is_available: 1, is_accessible: 1, is_scripted: 0, wishlist: 0 },
      { title: 'hiddenWanted', is_available: 0, is_accessible: 0, is_scripted: 0, wishlist: 0 },
    ]);
  });
});

describe('download states (the flags the UI sends with each dlState)', () => {
  const expected: Record<SceneDlState, string[]> = {
    any: ['lost', 'onDisk', 'scriptOnly', 'unmounted', 'wanted'],
    available: ['onDisk'],
    downloaded: ['lost', 'onDisk', 'unmounted'],
    missing: ['scriptOnly', 'wanted'],
    hidden: ['hiddenOnDisk', 'hiddenWanted'],
  };

  it.each(SceneDlState.options)(
    '%s lists its scenes and answers the counts of every state',
    async (dlState) => {
      const answer = await listScenes(app, { dlState, ...DL_STATE_FLAGS[dlState] });
      expect(scenes.nameSet(answer.scenes.map((s) => s.id))).toEqual(expected[dlState]);
      expect(answer.results).toBe(expected[dlState].length);
      // The counts do not depend on the tab: they describe every state of the same filter.
      expect(countsOf(answer)).toEqual({ any: 5, available: 1, downloaded: 3, not_downloaded: 2, hidden: 2 });
    },
  );

  it('ignores isHidden: only dlState "hidden" lists hidden scenes', async () => {
    const ids = await listIds(app, { dlState: 'any', isHidden: true });
    expect(scenes.nameSet(ids)).toEqual(expected.any);
    const hidden = await listIds(app, { dlState: 'hidden', isHidden: false });
    expect(scenes.nameSet(hidden)).toEqual(expected.hidden);
  });

  it('applies isAvailable and isAccessible as sent, whatever the dlState', async () => {
    expect(scenes.nameSet(await listIds(app, { dlState: 'hidden', isAvailable: true }))).toEqual([
      'hiddenOnDisk',
    ]);
    expect(scenes.nameSet(await listIds(app, { dlState: 'any', isAccessible: false }))).toEqual([
      'lost',
      'scriptOnly',
      'unmounted',
      'wanted',
    ]);
    expect(
      scenes.nameSet(await listIds(app, { dlState: 'available', isAvailable: true, isAccessible: false })),
    ).toEqual(['lost', 'unmounted']);
    // No flags: every scene that is not hidden, even on the "available" tab.
    const answer = await listScenes(app, { dlState: 'available' });
    expect(answer.results).toBe(5);
  });
});

describe('scalar filters', () => {
  it('isWatched selects watched (true) or unwatched (false) scenes, and the counts follow', async () => {
    const watched = await listScenes(app, { isWatched: true });
    expect(scenes.nameSet(watched.scenes.map((s) => s.id))).toEqual(['onDisk', 'wanted']);
    expect(countsOf(watched)).toEqual({ any: 2, available: 1, downloaded: 1, not_downloaded: 1, hidden: 1 });
    const unwatched = await listScenes(app, { isWatched: false });
    expect(scenes.nameSet(unwatched.scenes.map((s) => s.id))).toEqual(['lost', 'scriptOnly', 'unmounted']);
    expect(countsOf(unwatched)).toEqual({
      any: 3,
      available: 0,
      downloaded: 2,
      not_downloaded: 1,
      hidden: 1,
    });
    expect((await listScenes(app, { isWatched: null })).results).toBe(5);
  });

  it('lists: each entry is required (ANDed)', async () => {
    expect(scenes.nameSet(await listIds(app, { lists: ['favourite'] }))).toEqual(['onDisk', 'unmounted']);
    expect(scenes.nameSet(await listIds(app, { lists: ['watchlist'] }))).toEqual(['onDisk']);
    expect(scenes.nameSet(await listIds(app, { lists: ['favourite', 'watchlist'] }))).toEqual(['onDisk']);
    expect(scenes.nameSet(await listIds(app, { lists: ['wishlist'] }))).toEqual(['wanted']);
    expect(scenes.nameSet(await listIds(app, { lists: ['scripted'] }))).toEqual(['scriptOnly']);
    expect(await listIds(app, { lists: ['favourite', 'wishlist'] })).toEqual([]);
    const favourites = await listScenes(app, { lists: ['favourite'], dlState: 'hidden' });
    expect(scenes.nameSet(favourites.scenes.map((s) => s.id))).toEqual(['hiddenOnDisk']);
    expect(countsOf(favourites)).toEqual({
      any: 2,
      available: 1,
      downloaded: 2,
      not_downloaded: 0,
      hidden: 1,
    });
  });

  it('releaseMonth selects the release dates of that month, first and last day included', async () => {
    expect(scenes.nameSet(await listIds(app, { releaseMonth: '2023-04' }))).toEqual(['onDisk', 'unmounted']);
    expect(scenes.nameSet(await listIds(app, { releaseMonth: '2023-03' }))).toEqual(['lost']);
    expect(scenes.nameSet(await listIds(app, { releaseMonth: '2023-05' }))).toEqual(['wanted']);
    expect(scenes.nameSet(await listIds(app, { releaseMonth: '2022-12' }))).toEqual(['scriptOnly']);
    expect(await listIds(app, { releaseMonth: '2023-06' })).toEqual([]);
    expect((await listScenes(app, { releaseMonth: '' })).results).toBe(5);
    const april = await listScenes(app, { releaseMonth: '2023-04' });
    expect(countsOf(april)).toEqual({ any: 2, available: 1, downloaded: 2, not_downloaded: 0, hidden: 0 });
  });

  it('volume selects scenes with any file on that volume; 0 means every volume', async () => {
    const onOnline = await listScenes(app, { volume: online });
    expect(scenes.nameSet(onOnline.scenes.map((s) => s.id))).toEqual(['lost', 'onDisk', 'scriptOnly']);
    expect(countsOf(onOnline)).toEqual({ any: 3, available: 1, downloaded: 2, not_downloaded: 1, hidden: 1 });
    expect(scenes.nameSet(await listIds(app, { volume: offline }))).toEqual(['unmounted']);
    expect(await listIds(app, { volume: offline + 100 })).toEqual([]);
    expect((await listScenes(app, { volume: 0 })).results).toBe(5);
  });

  it('combines filters with AND', async () => {
    const ids = await listIds(app, { lists: ['favourite'], releaseMonth: '2023-04', isWatched: false });
    expect(scenes.nameSet(ids)).toEqual(['unmounted']);
  });
});

describe('counts after a write', () => {
  it('move as soon as the database changes, however the row was written', async () => {
    const favourites = () => listScenes(app, { lists: ['favourite'], dlState: 'any' });
    const before = await favourites();
    expect(countsOf(before)).toEqual({ any: 2, available: 1, downloaded: 2, not_downloaded: 0, hidden: 1 });
    // Asked twice without a write: the same answer.
    expect(countsOf(await favourites())).toEqual(countsOf(before));

    // A flag toggled through plain SQL.
    await sql`UPDATE scenes SET favourite = 1 WHERE id = ${scenes.id('wanted')}`.execute(app.database.db);
    const afterSql = await favourites();
    expect(afterSql.results).toBe(3);
    expect(countsOf(afterSql)).toEqual({ any: 3, available: 1, downloaded: 2, not_downloaded: 1, hidden: 1 });

    // Through the raw handle too.
    app.database.sqlite.prepare('UPDATE scenes SET is_hidden = 1 WHERE id = ?').run(scenes.id('unmounted'));
    const afterRaw = await favourites();
    expect(scenes.nameSet(afterRaw.scenes.map((s) => s.id))).toEqual(['onDisk', 'wanted']);
    expect(countsOf(afterRaw)).toEqual({ any: 2, available: 1, downloaded: 1, not_downloaded: 1, hidden: 2 });

    // A status change from a new file: "wanted" becomes available and accessible.
    const make = libraryFactory(app.database.db);
    await make.file({ volume_id: online, scene_id: scenes.id('wanted') });
    await app.sceneStatus.refreshScenes([scenes.id('wanted')]);
    const afterFile = await favourites();
    expect(countsOf(afterFile)).toEqual({
      any: 2,
      available: 2,
      downloaded: 2,
      not_downloaded: 0,
      hidden: 2,
    });
    const available = await listScenes(app, {
      lists: ['favourite'],
      dlState: 'available',
      ...DL_STATE_FLAGS.available,
    });
    expect(sorted(scenes.nameList(available.scenes.map((s) => s.id)))).toEqual(['onDisk', 'wanted']);
    expect(available.results).toBe(2);
  });
});
