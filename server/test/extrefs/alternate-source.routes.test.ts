import { AlternateSourceList, STASHDB_SITE_ICON } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let sceneId: number;

async function sources(lookup: string | number) {
  const response = await app.http.inject({ method: 'GET', url: `/api/scene/alternate_source/${lookup}` });
  expect(response.statusCode, response.body).toBe(200);
  return { raw: response.body, list: AlternateSourceList.parse(response.json()) };
}

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.database;
  const library = libraryFactory(db);
  const extrefs = extrefFactory(db);

  sceneId = await library.scene({ scene_id: 'wankzvr-1001', scraper_id: 'wankzvr' });
  const other = await library.scene({ scene_id: 'wankzvr-1002' });
  await extrefs.site('wankzvr', { name: 'WankzVR', avatar_url: 'https://wankzvr.example.com/logo.png' });
  await extrefs.site('povr-wankzvr', {
    name: 'WankzVR (POVR)',
    avatar_url: 'https://povr.example.com/wankz.png',
    master_site_id: 'wankzvr',
  });

  // Linked alternate scene of a known site.
  const povr = await extrefs.alternateScene('povr-wankzvr', 'povr-555');
  await extrefs.link(povr, { internal_db_id: sceneId, internal_name_id: 'wankzvr-1001', match_type: 10000 });
  // StashDB scene, linked manually.
  const stash = await extrefs.reference({
    external_source: 'stashdb scene',
    external_id: '8d1c0f7e-stash',
    external_url: 'https://stashdb.org/scenes/8d1c0f7e-stash',
    external_data: JSON.stringify({ title: 'Stash title' }),
  });
  await extrefs.link(stash, { internal_db_id: sceneId, internal_name_id: 'wankzvr-1001', match_type: 5 });
  // Alternate scene of a site that is not in the sites table: no icon.
  const gone = await extrefs.alternateScene('gone-site', 'gone-1');
  await extrefs.link(gone, { internal_db_id: sceneId, internal_name_id: 'wankzvr-1001', match_type: 99999 });
  // Not shown: a link flagged deleted, another scene's link, a performer reference, an actor-table link that
  // happens to carry the same numeric id, and a source that only looks alike.
  const deleted = await extrefs.alternateScene('povr-wankzvr', 'povr-556');
  await extrefs.link(deleted, { internal_db_id: sceneId, internal_name_id: 'wankzvr-1001', match_type: -1 });
  const otherAlt = await extrefs.alternateScene('povr-wankzvr', 'povr-557');
  await extrefs.link(otherAlt, { internal_db_id: other, internal_name_id: 'wankzvr-1002' });
  const performer = await extrefs.reference({ external_source: 'stashdb performer', external_id: 'perf-1' });
  await extrefs.link(performer, {
    internal_table: 'actors',
    internal_db_id: sceneId,
    internal_name_id: 'Jane',
  });
  const actorAlt = await extrefs.alternateScene('povr-wankzvr', 'povr-558');
  await extrefs.link(actorAlt, { internal_table: 'actors', internal_db_id: sceneId, internal_name_id: 'x' });
  const lookalike = await extrefs.reference({ external_source: 'alternate scenery', external_id: 'l-1' });
  await extrefs.link(lookalike, { internal_db_id: sceneId, internal_name_id: 'wankzvr-1001' });
  // Unlinked alternate scene.
  await extrefs.alternateScene('povr-wankzvr', 'povr-559');
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('GET /api/scene/alternate_source/{id}', () => {
  it('lists the live alternate-site and StashDB links of a scene, oldest link first', async () => {
    const { list } = await sources(sceneId);
    expect(list).toEqual([
      {
        url: 'https://povr-wankzvr.example.com/povr-555',
        site_icon: 'https://povr.example.com/wankz.png',
        external_source: 'alternate scene povr-wankzvr',
        external_id: 'povr-555',
        external_data: JSON.stringify({
          master_site_id: 'wankzvr',
          MatchAchieved: -1,
          query: 'title:"povr-555"',
          scene: { title: 'Alt povr-555', cast: null },
        }),
      },
      {
        url: 'https://stashdb.org/scenes/8d1c0f7e-stash',
        site_icon: STASHDB_SITE_ICON,
        external_source: 'stashdb scene',
        external_id: '8d1c0f7e-stash',
        external_data: JSON.stringify({ title: 'Stash title' }),
      },
      {
        url: 'https://gone-site.example.com/gone-1',
        site_icon: '',
        external_source: 'alternate scene gone-site',
        external_id: 'gone-1',
        external_data: expect.any(String),
      },
    ]);
  });

  it('takes the string scene_id when the id contains "-"', async () => {
    expect((await sources('wankzvr-1001')).list).toEqual((await sources(sceneId)).list);
    expect((await sources('wankzvr-1002')).list?.map((s) => s.external_id)).toEqual(['povr-557']);
  });

  it('answers null for a scene without alternate sources', async () => {
    const lonely = await libraryFactory(app.database.db).scene({ scene_id: 'slr-77' });
    expect((await sources(lonely)).raw).toBe('null');
    expect((await sources('slr-77')).raw).toBe('null');
  });

  it('answers null for an unknown scene, as for one without sources', async () => {
    expect((await sources(987654)).raw).toBe('null');
    expect((await sources('nosuch-scene')).raw).toBe('null');
    expect((await sources(0)).raw).toBe('null');
    expect((await sources('abc')).raw).toBe('null');
  });
});
