import { ApiError } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { extrefFactory } from '../factories/extref.factory';
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

const deleteExtref = (payload?: object) =>
  app.http.inject({ method: 'DELETE', url: '/api/extref/delete_extref', ...(payload ? { payload } : {}) });

async function counts(referenceId: number) {
  const { db } = app.database;
  const references = await db
    .selectFrom('external_references')
    .select('id')
    .where('id', '=', referenceId)
    .execute();
  const links = await db
    .selectFrom('external_reference_links')
    .select('id')
    .where('external_reference_id', '=', referenceId)
    .execute();
  return { references: references.length, links: links.length };
}

describe('DELETE /api/extref/delete_extref', () => {
  it('removes the reference and all its links, answers null, and leaves other references alone', async () => {
    const make = libraryFactory(app.database.db);
    const refs = extrefFactory(app.database.db);
    const a = await make.scene({ scene_id: 'del-a' });
    const b = await make.scene({ scene_id: 'del-b' });
    const doomed = await refs.alternateScene('povr-wankzvr', 'del-1');
    await refs.link(doomed, { internal_db_id: a, internal_name_id: 'del-a' });
    await refs.link(doomed, { internal_db_id: 0, internal_name_id: 'deleted', match_type: -1 });
    const kept = await refs.alternateScene('povr-wankzvr', 'del-2');
    await refs.link(kept, { internal_db_id: b, internal_name_id: 'del-b' });
    // Same id under another source: not the one asked for.
    const sameId = await refs.reference({ external_source: 'stashdb scene', external_id: 'del-1' });
    await refs.link(sameId, { internal_db_id: a, internal_name_id: 'del-a' });

    const response = await deleteExtref({
      external_source: 'alternate scene povr-wankzvr',
      external_id: 'del-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('null');
    expect(await counts(doomed)).toEqual({ references: 0, links: 0 });
    expect(await counts(kept)).toEqual({ references: 1, links: 1 });
    expect(await counts(sameId)).toEqual({ references: 1, links: 1 });

    const alternates = await app.http.inject({ method: 'GET', url: '/api/scene/alternate_source/del-a' });
    expect(JSON.parse(alternates.body)).toEqual([
      expect.objectContaining({ external_source: 'stashdb scene' }),
    ]);
  });

  it('removes a reference that has no links', async () => {
    const unlinked = await extrefFactory(app.database.db).alternateScene('povr-wankzvr', 'del-3');
    const response = await deleteExtref({
      external_source: 'alternate scene povr-wankzvr',
      external_id: 'del-3',
    });
    expect(response.statusCode).toBe(200);
    expect(await counts(unlinked)).toEqual({ references: 0, links: 0 });
  });

  it('answers 404 for an unknown reference', async () => {
    const response = await deleteExtref({
      external_source: 'alternate scene povr-wankzvr',
      external_id: 'nope',
    });
    expect(response.statusCode).toBe(404);
    expect(ApiError.parse(response.json()).message).toBe(
      'No external reference "alternate scene povr-wankzvr" / "nope"',
    );
  });

  it('rejects a body without source or id', async () => {
    const empty = await deleteExtref({ external_source: '', external_id: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(ApiError.parse(empty.json()).issues?.map((i) => i.path)).toEqual([['body', 'external_source']]);
    const none = await deleteExtref();
    expect(none.statusCode).toBe(400);
  });
});
