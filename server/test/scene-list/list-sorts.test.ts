import { DL_STATE_FLAGS, SCENE_SORT_KEYS, type SceneSortKey } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { countsOf, listIds, listScenes, NamedScenes, sorted } from './scene-list-client';
import { buildSortLibrary, defaultView, FIXTURES, orderOf } from './sort-library';

/*
 * Every sort key of POST /api/scene/list, the restrictions some sorts imply (rated, opened, linked), the
 * alternate-source option of script_published_desc, and how ties break. Library: sort-library.ts.
 */

let app: FoveaApp;
let scenes = new NamedScenes();

beforeAll(async () => {
  app = await createTestApp();
  ({ scenes } = await buildSortLibrary(app));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const order = (sort: SceneSortKey) => orderOf(app, scenes, sort);

const reversed = (names: string[]) => [...names].reverse();

const ORDERS: [SceneSortKey, string[]][] = [
  ['release_desc', ['s4', 's5', 's2', 's1', 's3', 's6']],
  ['release_asc', reversed(['s4', 's5', 's2', 's1', 's3', 's6'])],
  ['added_desc', ['s3', 's5', 's1', 's6', 's2', 's4']],
  ['added_asc', reversed(['s3', 's5', 's1', 's6', 's2', 's4'])],
  // Letter case does not matter: Alpha, bravo, Charlie, delta, echo, Foxtrot.
  ['title_asc', ['s2', 's5', 's4', 's3', 's1', 's6']],
  ['title_desc', reversed(['s2', 's5', 's4', 's3', 's1', 's6'])],
  ['total_file_size_desc', ['s2', 's4', 's6', 's1', 's3', 's5']],
  ['total_file_size_asc', reversed(['s2', 's4', 's6', 's1', 's3', 's5'])],
  // Only rated scenes.
  ['rating_desc', ['s3', 's1', 's6', 's4']],
  ['rating_asc', ['s4', 's6', 's1', 's3']],
  ['total_watch_time_desc', ['s4', 's1', 's5', 's3', 's2', 's6']],
  ['total_watch_time_asc', reversed(['s4', 's1', 's5', 's3', 's2', 's6'])],
  ['scene_added_desc', ['s3', 's5', 's1', 's6', 's2', 's4']],
  ['scene_updated_desc', ['s2', 's4', 's6', 's5', 's1', 's3']],
  // Only scenes that were opened.
  ['last_opened_desc', ['s3', 's1', 's5']],
  ['last_opened_asc', ['s5', 's1', 's3']],
  ['scene_id_desc', ['s2', 's4', 's6', 's1', 's5', 's3']],
  ['site_asc', ['s1', 's6', 's5', 's3', 's2', 's4']],
  // Linked scenes by their newest (not deleted) link, then the unlinked ones (id descending), as the reference.
  ['alt_src_desc', ['s6', 's4', 's3', 's5', 's2', 's1']],
];

describe('sort keys', () => {
  it('every key but script_published_desc and random has an expected order here', () => {
    expect(sorted([...ORDERS.map(([key]) => key), 'script_published_desc', 'random'])).toEqual(
      sorted(SCENE_SORT_KEYS),
    );
  });

  it.each(ORDERS)('%s orders the scenes %j', async (sort, expected) => {
    expect(await order(sort)).toEqual(expected);
  });

  it('sorts the release date newest first when no sort is given', async () => {
    const ids = await listIds(app, { dlState: 'available', ...DL_STATE_FLAGS.available });
    expect(scenes.nameList(ids)).toEqual(['s4', 's5', 's2', 's1', 's3', 's6']);
  });

  it.each(SCENE_SORT_KEYS)('%s lists only the hidden scene on the hidden tab', async (sort) => {
    const ids = await listIds(app, { sort, dlState: 'hidden', ...DL_STATE_FLAGS.hidden });
    expect(scenes.nameList(ids)).toEqual(['hidden']);
  });

  it('restricts the counted set with the sort: rated or opened scenes only', async () => {
    const rated = await listScenes(app, defaultView('rating_desc'));
    expect(rated.results).toBe(4);
    expect(countsOf(rated)).toEqual({ any: 4, available: 4, downloaded: 4, not_downloaded: 0, hidden: 1 });
    const opened = await listScenes(app, defaultView('last_opened_asc'));
    expect(opened.results).toBe(3);
    expect(countsOf(opened)).toEqual({ any: 3, available: 3, downloaded: 3, not_downloaded: 0, hidden: 1 });
    // Sorting by alternate-source link restricts nothing: unlinked scenes come last.
    const linked = await listScenes(app, defaultView('alt_src_desc'));
    expect(linked.results).toBe(6);
    expect(countsOf(linked)).toEqual({ any: 6, available: 6, downloaded: 6, not_downloaded: 0, hidden: 1 });
    const all = await listScenes(app, defaultView('title_asc'));
    expect(countsOf(all)).toEqual({ any: 6, available: 6, downloaded: 6, not_downloaded: 0, hidden: 1 });
  });

  it('keeps the order across pages', async () => {
    for (const [sort, expected] of ORDERS) {
      const first = await listIds(app, { ...defaultView(sort), limit: 2 });
      const rest = await listIds(app, { ...defaultView(sort), offset: 2, limit: 80 });
      expect(scenes.nameList([...first, ...rest]), sort).toEqual(expected);
    }
  });
});

describe('script_published_desc', () => {
  const setOption = async (useAltSrcInScriptFilters: boolean) => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/options/interface/advanced',
      payload: { useAltSrcInScriptFilters },
    });
    expect(response.statusCode).toBe(200);
  };

  it('with alternate sources (the default) orders by the newer of the own and the alternate script', async () => {
    const names = await order('script_published_desc');
    expect(names.slice(0, 4)).toEqual(['s3', 's4', 's2', 's1']);
    expect(sorted(names.slice(4))).toEqual(['s5', 's6']);
  });

  it('without alternate sources orders by the own script only', async () => {
    await setOption(false);
    try {
      const names = await order('script_published_desc');
      expect(names.slice(0, 3)).toEqual(['s2', 's4', 's1']);
      expect(sorted(names.slice(3))).toEqual(['s3', 's5', 's6']);
    } finally {
      await setOption(true);
    }
    expect((await order('script_published_desc'))[0]).toBe('s3');
  });
});

describe('ties', () => {
  it('break on the id, in the direction of the sort, so pages stay stable', async () => {
    const db = app.database.db;
    const tie = '2023-06-01';
    await sql`UPDATE scenes SET release_date = ${tie} WHERE id IN (${scenes.id('s1')}, ${scenes.id('s5')})`.execute(
      db,
    );
    try {
      expect(await order('release_desc')).toEqual(['s4', 's5', 's2', 's1', 's3', 's6']);
      expect(await order('release_asc')).toEqual(['s6', 's3', 's1', 's2', 's5', 's4']);
    } finally {
      await sql`UPDATE scenes SET release_date = ${FIXTURES.s1?.release} WHERE id = ${scenes.id('s1')}`.execute(
        db,
      );
      await sql`UPDATE scenes SET release_date = ${FIXTURES.s5?.release} WHERE id = ${scenes.id('s5')}`.execute(
        db,
      );
    }
  });
});
