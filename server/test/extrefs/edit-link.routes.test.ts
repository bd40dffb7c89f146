import {
  ApiError,
  AlternateSourceList,
  ExternalReferenceLink,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_MANUAL,
  ZERO_TIME,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let make: ReturnType<typeof libraryFactory>;
let refs: ReturnType<typeof extrefFactory>;

beforeAll(async () => {
  app = await createTestApp();
  make = libraryFactory(app.database.db);
  refs = extrefFactory(app.database.db);
  await refs.site('povr-wankzvr', { name: 'WankzVR (POVR)', master_site_id: 'wankzvr' });
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const editLink = (payload: object) =>
  app.http.inject({ method: 'POST', url: '/api/extref/edit_link', payload });

async function linkRow(id: number) {
  return app.database.db
    .selectFrom('external_reference_links')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function sourceIds(sceneDbId: number) {
  const response = await app.http.inject({ method: 'GET', url: `/api/scene/alternate_source/${sceneDbId}` });
  return (AlternateSourceList.parse(response.json()) ?? []).map((s) => s.external_id);
}

function errorOf(body: unknown) {
  const error = ApiError.parse(body);
  return { message: error.message, paths: (error.issues ?? []).map((i) => i.path.map(String)) };
}

/** An alternate scene linked automatically to a new scene. */
async function linkedAlternate(externalId: string) {
  const from = await make.scene({ scene_id: `wankzvr-${externalId}` });
  const reference = await refs.alternateScene('povr-wankzvr', externalId, { udf_bool1: 1 });
  const link = await refs.link(reference, {
    internal_db_id: from,
    internal_name_id: `wankzvr-${externalId}`,
    match_type: 12,
  });
  return { from, reference, link };
}

const relinkBody = (externalId: string, sceneDbId: number, sceneId: string) => ({
  external_source: 'alternate scene povr-wankzvr',
  external_id: externalId,
  internal_table: 'scenes',
  internal_db_id: sceneDbId,
  internal_name_id: sceneId,
  match_type: MATCH_TYPE_MANUAL,
});

const neverLinkBody = (externalId: string) => ({
  external_source: 'alternate scene povr-wankzvr',
  external_id: externalId,
  internal_table: 'scenes',
  internal_db_id: 0,
  internal_name_id: 'deleted',
  match_type: MATCH_TYPE_DELETED,
});

describe('POST /api/extref/edit_link: relink', () => {
  it('links the reference to the new scene as a manual match and answers the link with its reference', async () => {
    const { from, reference, link } = await linkedAlternate('r1');
    const to = await make.scene({ scene_id: 'slr-900' });
    const before = await linkRow(link);
    const started = new Date().toISOString();
    const response = await editLink(relinkBody('r1', to, 'slr-900'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = ExternalReferenceLink.parse(response.json());
    expect(answer).toEqual({
      id: link,
      internal_table: 'scenes',
      internal_db_id: to,
      internal_name_id: 'slr-900',
      external_reference_id: reference,
      external_source: 'alternate scene povr-wankzvr',
      external_id: 'r1',
      match_type: MATCH_TYPE_MANUAL,
      udf_datetime1: expect.any(String),
      external_reference: {
        id: reference,
        xbvr_links: null,
        external_source: 'alternate scene povr-wankzvr',
        external_id: 'r1',
        external_url: 'https://povr-wankzvr.example.com/r1',
        external_date: '2024-03-01T00:00:00.000Z',
        external_data: expect.stringContaining('"MatchAchieved":-1'),
        udf_bool1: true,
        udf_bool2: false,
        udf_datetime1: ZERO_TIME,
      },
    });
    expect(answer.udf_datetime1 >= started).toBe(true);
    const after = await linkRow(link);
    expect(after.udf_datetime1).toBe(answer.udf_datetime1);
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(await sourceIds(from)).toEqual([]);
    expect(await sourceIds(to)).toEqual(['r1']);
  });

  it('takes the scene_id from the scene, not from a mismatching internal_name_id', async () => {
    const { link } = await linkedAlternate('r2');
    const to = await make.scene({ scene_id: 'slr-901' });
    const response = await editLink(relinkBody('r2', to, 'slr-wrong'));
    expect(response.statusCode).toBe(200);
    expect(ExternalReferenceLink.parse(response.json()).internal_name_id).toBe('slr-901');
    expect((await linkRow(link)).internal_name_id).toBe('slr-901');
  });

  it('answers 404 for a scene that does not exist and changes nothing', async () => {
    const { link } = await linkedAlternate('r3');
    const before = await linkRow(link);
    const response = await editLink(relinkBody('r3', 424242, 'slr-424242'));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.json()).message).toBe('No scene with id 424242');
    expect(await linkRow(link)).toEqual(before);
  });

  it('relinks a StashDB scene link too', async () => {
    const from = await make.scene({ scene_id: 'vrb-1' });
    const to = await make.scene({ scene_id: 'vrb-2' });
    const reference = await refs.reference({ external_source: 'stashdb scene', external_id: 'stash-r4' });
    const link = await refs.link(reference, {
      internal_db_id: from,
      internal_name_id: 'vrb-1',
      match_type: 10,
    });
    const response = await editLink({
      ...relinkBody('stash-r4', to, 'vrb-2'),
      external_source: 'stashdb scene',
    });
    expect(response.statusCode).toBe(200);
    expect(await linkRow(link)).toMatchObject({ internal_db_id: to, match_type: MATCH_TYPE_MANUAL });
  });
});

describe('POST /api/extref/edit_link: never link', () => {
  it('flags the link deleted: no scene, name "deleted", match type -1', async () => {
    const { from, link } = await linkedAlternate('d1');
    const response = await editLink(neverLinkBody('d1'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = ExternalReferenceLink.parse(response.json());
    expect(answer).toMatchObject({
      id: link,
      internal_db_id: 0,
      internal_name_id: 'deleted',
      match_type: MATCH_TYPE_DELETED,
    });
    expect(answer.udf_datetime1).not.toBe('2024-01-02T03:04:05.000Z');
    expect(await linkRow(link)).toMatchObject({
      internal_db_id: 0,
      internal_name_id: 'deleted',
      match_type: -1,
    });
    expect(await sourceIds(from)).toEqual([]);
  });

  it('is irreversible: a relink of a deleted link is refused with 409 and changes nothing', async () => {
    const { link } = await linkedAlternate('d2');
    expect((await editLink(neverLinkBody('d2'))).statusCode).toBe(200);
    const flagged = await linkRow(link);
    const to = await make.scene({ scene_id: 'slr-902' });
    const response = await editLink(relinkBody('d2', to, 'slr-902'));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.json()).message).toBe(
      'The external reference "alternate scene povr-wankzvr" / "d2" was unlinked for good and can never be relinked',
    );
    expect(await linkRow(link)).toEqual(flagged);
    expect(await sourceIds(to)).toEqual([]);
  });

  it('answers the link unchanged when it is flagged again', async () => {
    const { link } = await linkedAlternate('d3');
    await editLink(neverLinkBody('d3'));
    const flagged = await linkRow(link);
    const response = await editLink(neverLinkBody('d3'));
    expect(response.statusCode).toBe(200);
    expect(ExternalReferenceLink.parse(response.json()).udf_datetime1).toBe(flagged.udf_datetime1);
    expect(await linkRow(link)).toEqual(flagged);
  });
});

describe('POST /api/extref/edit_link: finding the link', () => {
  it('answers 404 when no scene link has that source and id', async () => {
    const response = await editLink(neverLinkBody('nothing-here'));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.json()).message).toBe(
      'No scene link for the external reference "alternate scene povr-wankzvr" / "nothing-here"',
    );
  });

  it('answers 404 for a reference without links, and for one linked only to an actor', async () => {
    await refs.alternateScene('povr-wankzvr', 'unlinked');
    expect((await editLink(neverLinkBody('unlinked'))).statusCode).toBe(404);
    const actor = await make.actor('Jane Link');
    const performer = await refs.reference({ external_source: 'stashdb performer', external_id: 'perf-9' });
    const link = await refs.link(performer, {
      internal_table: 'actors',
      internal_db_id: actor,
      match_type: 90,
    });
    const response = await editLink({ ...neverLinkBody('perf-9'), external_source: 'stashdb performer' });
    expect(response.statusCode).toBe(404);
    expect((await linkRow(link)).match_type).toBe(90);
  });

  it('changes the link named by id when a reference has several, else the oldest', async () => {
    const a = await make.scene({ scene_id: 'multi-a' });
    const b = await make.scene({ scene_id: 'multi-b' });
    const reference = await refs.reference({ external_source: 'stashdb scene', external_id: 'stash-multi' });
    const first = await refs.link(reference, {
      internal_db_id: a,
      internal_name_id: 'multi-a',
      match_type: 10,
    });
    const second = await refs.link(reference, {
      internal_db_id: b,
      internal_name_id: 'multi-b',
      match_type: 10,
    });
    const body = { ...neverLinkBody('stash-multi'), external_source: 'stashdb scene' };

    const byId = await editLink({ ...body, id: second });
    expect(ExternalReferenceLink.parse(byId.json()).id).toBe(second);
    expect((await linkRow(first)).match_type).toBe(10);
    expect((await linkRow(second)).match_type).toBe(-1);

    const oldest = await editLink(body);
    expect(ExternalReferenceLink.parse(oldest.json()).id).toBe(first);
    expect((await linkRow(first)).match_type).toBe(-1);

    const wrongId = await editLink({ ...body, id: 999999 });
    expect(wrongId.statusCode).toBe(404);
    expect(errorOf(wrongId.json()).message).toBe(
      'No scene link for the external reference "stashdb scene" / "stash-multi" with link id 999999',
    );
  });
});

describe('POST /api/extref/edit_link: validation', () => {
  it.each([
    [
      'a half-deleted link',
      { ...neverLinkBody('v'), internal_db_id: 5 },
      ['body', 'match_type'],
      'a deleted link has match_type -1, internal_db_id 0 and internal_name_id "deleted"',
    ],
    [
      'a never-link with a scene name',
      { ...neverLinkBody('v'), internal_name_id: 'slr-1' },
      ['body', 'match_type'],
      'a deleted link has match_type -1, internal_db_id 0 and internal_name_id "deleted"',
    ],
    [
      'a relink without a scene id',
      relinkBody('v', 0, 'slr-1'),
      ['body', 'internal_db_id'],
      'a relink names the scene by its internal_db_id',
    ],
    [
      'another match type',
      { ...relinkBody('v', 5, 'slr-1'), match_type: 5 },
      ['body', 'match_type'],
      'match_type is 99999 (relink) or -1 (never link)',
    ],
    [
      'another table',
      { ...relinkBody('v', 5, 'slr-1'), internal_table: 'actors' },
      ['body', 'internal_table'],
      'edit_link changes scene links only',
    ],
  ])('rejects %s with 400', async (_what, body, path, message) => {
    const response = await editLink(body);
    expect(response.statusCode).toBe(400);
    const error = ApiError.parse(response.json());
    expect(error.issues?.map((i) => ({ path: i.path.map(String), message: i.message }))).toEqual([
      { path, message },
    ]);
  });

  it('rejects a missing source or id', async () => {
    const { external_source: _source, ...noSource } = neverLinkBody('v');
    const response = await editLink({ ...noSource, external_id: '' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).paths).toEqual([
      ['body', 'external_source'],
      ['body', 'external_id'],
    ]);
  });
});
