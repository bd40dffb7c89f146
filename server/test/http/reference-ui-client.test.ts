import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { ACTOR_CALLS } from './reference-ui-actors.calls';
import { OPTION_CALLS } from './reference-ui-options.calls';
import { OTHER_CALLS } from './reference-ui-other.calls';
import { SCENE_CALLS } from './reference-ui-scenes.calls';
import { missingReads, type Ids, type WireCall } from './reference-ui-wire';

/*
 * The reference web UI (XBVR's Vue client) walks its screens against Fovea: every call of xbvr-wire.md that
 * Fovea implements, in the order a user meets them, with the request body that UI sends (nulls, empty strings,
 * zero values and UI-only keys included). Each answer must be 200 and carry the keys the UI reads, with an
 * array wherever the UI iterates without a null check. Calls run in order on one library: later calls use ids
 * that earlier answers gave.
 */

let app: FoveaApp;
let root: string;
let spare: string;
const ids: Ids = {};

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  root = makeTempDir('fovea-wire-');
  const clips = join(root, 'clips');
  mkdirSync(clips, { recursive: true });
  for (const name of ['Wire Title.mp4', 'Wire Title.funscript', 'loose.mp4'])
    writeFileSync(join(clips, name), 'bytes');
  ids.volume = await make.volume({ path: root });
  spare = makeTempDir('fovea-wire-spare-');
  ids.spare = spare;
  ids.sceneKey = 'wirevr-1001';
  ids.scene = await make.scene({
    scene_id: ids.sceneKey,
    title: 'Wire Title',
    site: 'WireVR',
    scraper_id: 'wirevr',
    release_date: '2024-03-01T00:00:00Z',
    cover_url: 'https://images.test/cover.jpg',
    images: '[{"url":"https://images.test/cover.jpg","type":"cover","orientation":""}]',
    duration: 30,
  });
  const fileOf = (filename: string, type: 'video' | 'script', sceneId: number | null) =>
    make.file({ volume_id: Number(ids.volume), path: clips, filename, type, scene_id: sceneId });
  await fileOf('Wire Title.mp4', 'video', ids.scene);
  ids.script = await fileOf('Wire Title.funscript', 'script', ids.scene);
  ids.loose = await fileOf('loose.mp4', 'video', null);
  await make.tagScene(ids.scene, 'wire tag');
  ids.ann = await make.actor('Wire Ann', { birth_date: '1998-02-03T00:00:00Z', height: 165 });
  ids.bea = await make.actor('Wire Bea');
  ids.cleo = await make.actor('Wire Cleo');
  for (const actor of [ids.ann, ids.bea]) await make.cast(ids.scene, actor);
  await make.cuepoint(ids.scene, null, { time_start: 5 });
  await make.history(ids.scene, 20);
  const refs = extrefFactory(db);
  ids.site = await refs.site('wirevr', { name: 'WireVR' });
  ids.emptySite = await refs.site('wireempty', { name: 'WireEmpty' });
  // An alternate-site scene linked to the scene, which Details.vue can relink or delete.
  const alternate = await refs.alternateScene('wirealt', 'wirealt-1');
  await refs.link(alternate, { internal_db_id: ids.scene, internal_name_id: ids.sceneKey });
  await app.sceneStatus.refreshScenes([ids.scene]);
  await new CatalogueCountsRepository(db).refreshActorCounts('all');
});

afterAll(async () => {
  await app.close();
  removeTempDir(root);
  removeTempDir(spare);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const fill = (url: string) =>
  url.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(String(ids[name])));

async function send(call: WireCall) {
  const body = call.body?.(ids);
  const response = await app.http.inject({
    method: call.method,
    url: fill(call.url),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return response;
}

describe.each([
  ['options, storage and sites', OPTION_CALLS],
  ['scenes and files', SCENE_CALLS],
  ['actors, akas and tag groups', ACTOR_CALLS],
  ['saved searches, StashDB, external references and tasks', OTHER_CALLS],
])('the reference web UI: %s', (_screens, calls) => {
  it.each(calls.map((call) => [`${call.method} ${call.url} (${call.ui})`, call] as const))(
    '%s',
    async (_name, call) => {
      const response = await send(call);
      expect(response.statusCode, response.body).toBe(200);
      if (call.reads.length === 0 && !call.keep) return;
      const answer: unknown = response.json();
      expect(missingReads(answer, call.reads)).toEqual([]);
      call.keep?.(answer, ids);
    },
  );
});

describe('the read checker', () => {
  it('finds a missing key, a null list and a list that is not one', () => {
    const answer = { scenes: [{ cast: null, tags: [] }, { tags: 'x' }], file: null };
    expect(
      missingReads(answer, ['scenes[]', 'scenes[].cast[]', 'scenes[].tags[]', 'file?[]', 'gone']),
    ).toEqual([
      'scenes[].cast[]: scenes[0].cast is null, not an array',
      'scenes[].cast[]: no scenes[1].cast',
      'scenes[].tags[]: scenes[1].tags is string, not an array',
      'gone: no gone',
    ]);
    expect(missingReads([{ id: 1 }], ['[]', '[].id'])).toEqual([]);
    expect(missingReads(null, ['?[]'])).toEqual([]);
    expect(missingReads(null, ['[]'])).toEqual(['[]: the answer is null, not an array']);
  });
});
