import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { putioFile, startFakePutio, type FakePutio } from '../helpers/putio-server';
import { startFakeStashdb, stashScene, type FakeStashdb } from '../helpers/stashdb-server';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { filesOf, rescan, rescanLogs, sceneRow } from '../scanner/rescan-helpers';

let app: FoveaApp;
let putio: FakePutio;
let stash: FakeStashdb;
let volumeId: number;
const events: RealtimeEvent[] = [];
const scenes: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', number> = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0 };

const fingerprint = (hash: string) => ({ hash, algorithm: 'OSHASH', duration: 60, submissions: 1 });
/** A StashDB scene with this OpenSubtitles fingerprint (as StashDB stores it: 16 digits). */
const withHash = (hash: string) => stashScene({ fingerprints: [fingerprint(hash.padStart(16, '0'))] });

const single = withHash('abc123');
const ambiguousOne = withHash('def456');
const ambiguousTwo = withHash('def456');
const onlyDeleted = withHash('777');
const sameSceneOne = withHash('ccc');
const sameSceneTwo = withHash('ccc');

const setOptions = (matchOhash: boolean, key: string) =>
  app.options.update((options) => ({
    ...options,
    storage: { ...options.storage, match_ohash: matchOhash },
    advanced: { ...options.advanced, stashApiKey: key },
  }));

/** filename -> scene id (null when unmatched) of the put.io volume. */
const matches = async () =>
  Object.fromEntries((await filesOf(app, volumeId)).map((file) => [file.filename, file.scene_id]));

const logsSince = (start: number) =>
  rescanLogs(events.slice(start)).map((log) => `${log.level}: ${log.message}`);

beforeAll(async () => {
  putio = await startFakePutio();
  stash = await startFakeStashdb();
  stash.apiKeys.add('key-1');
  stash.scenes.push(single, ambiguousOne, ambiguousTwo, onlyDeleted, sameSceneOne, sameSceneTwo);
  app = await createTestApp({ putioUrl: putio.url, stashdbUrl: stash.url });
  app.events.subscribe((event) => events.push(event));
  const db = app.database.db;
  const make = libraryFactory(db);
  const refs = extrefFactory(db);
  for (const key of Object.keys(scenes) as (keyof typeof scenes)[]) {
    scenes[key] = await make.scene({ scene_id: `scene-${key}` });
  }
  await db
    .updateTable('scenes')
    .set({ filenames_arr: JSON.stringify(['by-name.mp4']) })
    .where('id', '=', scenes.d)
    .execute();
  const linkTo = async (stashId: string, sceneId: number, matchType = 5) => {
    const existing = await db
      .selectFrom('external_references')
      .select('id')
      .where('external_source', '=', 'stashdb scene')
      .where('external_id', '=', stashId)
      .executeTakeFirst();
    const reference =
      existing?.id ?? (await refs.reference({ external_source: 'stashdb scene', external_id: stashId }));
    await refs.link(reference, {
      internal_db_id: sceneId,
      internal_name_id: `x-${sceneId}`,
      match_type: matchType,
    });
  };
  await linkTo(single.id, scenes.a);
  await linkTo(ambiguousOne.id, scenes.b);
  await linkTo(ambiguousTwo.id, scenes.c, 10);
  await linkTo(onlyDeleted.id, 0, -1);
  await linkTo(sameSceneOne.id, scenes.e);
  await linkTo(sameSceneTwo.id, scenes.e, 20);

  putio.accounts.set('token-1', {
    username: 'alice',
    files: [
      putioFile({ id: 601, name: 'match-me.mp4', opensubtitles_hash: 'abc123' }),
      putioFile({ id: 602, name: 'ambiguous.mp4', opensubtitles_hash: 'def456' }),
      putioFile({ id: 603, name: 'deleted-link.mp4', opensubtitles_hash: '777' }),
      putioFile({ id: 604, name: 'no-hash.mp4' }),
      putioFile({ id: 605, name: 'by-name.mp4', opensubtitles_hash: 'aaa' }),
      putioFile({ id: 606, name: 'unknown.mp4', opensubtitles_hash: 'bbb' }),
      putioFile({ id: 607, name: 'same-scene.mp4', opensubtitles_hash: 'ccc' }),
    ],
  });
  const volume = await db
    .insertInto('volumes')
    .values({ type: 'putio', path: 'Put.io (alice)', metadata: 'token-1', is_available: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  volumeId = volume.id;
});

afterEach(() => stash.reset());

afterAll(async () => {
  await app.close();
  await putio.close();
  await stash.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const unmatchedByFingerprint = {
  'match-me.mp4': null,
  'ambiguous.mp4': null,
  'deleted-link.mp4': null,
  'no-hash.mp4': null,
  'unknown.mp4': null,
  'same-scene.mp4': null,
};

describe('matching by StashDB fingerprint in a rescan', () => {
  it('does nothing while storage.match_ohash is off', async () => {
    await setOptions(false, 'key-1');
    await rescan(app, volumeId);
    expect(await matches()).toEqual({ ...unmatchedByFingerprint, 'by-name.mp4': scenes.d });
    expect(stash.requests).toEqual([]);
  });

  it('asks nothing without a key, and says so', async () => {
    await setOptions(true, '');
    const start = events.length;
    await rescan(app, volumeId);
    expect(stash.requests).toEqual([]);
    expect(logsSince(start)).toContain(
      'warning: Matching by StashDB fingerprint is on, but no StashDB API key is set',
    );
  });

  it('tells a StashDB failure once and still finishes the rescan', async () => {
    await setOptions(true, 'key-1');
    stash.failWith = 500;
    const start = events.length;
    const answer = await rescan(app, volumeId);
    expect(answer.status).toBe(200);
    const failures = logsSince(start).filter((line) => line.includes('StashDB'));
    expect(failures).toEqual([
      'warning: StashDB fingerprint lookup failed: HTTP 500: Something went wrong (0 of 5 files looked up)',
    ]);
    expect(logsSince(start).some((line) => line.startsWith('info: Rescan done'))).toBe(true);
    expect(await matches()).toEqual({ ...unmatchedByFingerprint, 'by-name.mp4': scenes.d });
  });

  it('matches a file to the one scene its StashDB scenes are linked to, two lookups at a time', async () => {
    await setOptions(true, 'key-1');
    stash.delayMs = 30;
    const start = events.length;
    await rescan(app, volumeId);
    expect(await matches()).toEqual({
      ...unmatchedByFingerprint,
      'by-name.mp4': scenes.d,
      'match-me.mp4': scenes.a,
      'same-scene.mp4': scenes.e,
    });
    expect(logsSince(start)).toContain('info: 2 files matched through StashDB fingerprints');

    // Only unmatched videos with a hash are looked up, with the hash padded to 16 digits.
    expect(
      stash.requests.every((request) => request.apiKey === 'key-1' && request.field === 'queryScenes'),
    ).toBe(true);
    const asked = stash.requests.map(
      (request) =>
        (request.variables.input as { fingerprints: { value: string[]; modifier: string } }).fingerprints,
    );
    expect(asked.map((criterion) => criterion.value[0]).sort()).toEqual(
      [
        '0000000000abc123',
        '0000000000def456',
        '0000000000000777',
        '0000000000000bbb',
        '0000000000000ccc',
      ].sort(),
    );
    expect(asked.every((criterion) => criterion.modifier === 'INCLUDES')).toBe(true);
    expect(stash.maxInFlight).toBe(2);

    // As a manual match: the name joins filenames_arr, journalled, and the scene's status follows.
    const a = await sceneRow(app, scenes.a);
    expect(JSON.parse(a.filenames_arr)).toEqual(['match-me.mp4']);
    expect(a).toMatchObject({ is_available: 1, video_file_count: 1 });
    const journal = await app.database.db
      .selectFrom('scene_edits')
      .select(['scene_id', 'action_type', 'changed_column', 'new_value'])
      .where('scene_id', 'in', ['scene-a', 'scene-e'])
      .orderBy('scene_id')
      .execute();
    expect(journal).toEqual([
      {
        scene_id: 'scene-a',
        action_type: 'match',
        changed_column: 'filenames_arr',
        new_value: '["match-me.mp4"]',
      },
      {
        scene_id: 'scene-e',
        action_type: 'match',
        changed_column: 'filenames_arr',
        new_value: '["same-scene.mp4"]',
      },
    ]);
    for (const untouched of [scenes.b, scenes.c, scenes.f]) {
      expect((await sceneRow(app, untouched)).filenames_arr).toBe('[]');
    }
  });

  it('looks up only what is still unmatched on the next rescan', async () => {
    await setOptions(true, 'key-1');
    await rescan(app, volumeId);
    expect(stash.requests).toHaveLength(3);
    expect((await matches())['match-me.mp4']).toBe(scenes.a);
  });
});
