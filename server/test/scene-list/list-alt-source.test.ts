import type { SceneSortKey } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { extrefFactory } from '../factories/extref.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { NamedScenes } from './scene-list-client';
import { buildSortLibrary, orderOf } from './sort-library';

/*
 * The alternate-source columns of scenes (alt_src_linked_at, alt_script_published) that the triggers of
 * migration 0003 keep from external_reference_links and external_references, seen through the
 * alt_src_desc and script_published_desc sorts. Library: sort-library.ts.
 */

let app: FoveaApp;
let scenes = new NamedScenes();
let links = new Map<string, number>();
let references = new Map<string, number>();

beforeAll(async () => {
  app = await createTestApp();
  ({ scenes, links, references } = await buildSortLibrary(app));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const order = (sort: SceneSortKey) => orderOf(app, scenes, sort);
/** The alt_src_desc order: these linked scenes in this order, then every unlinked one by id, highest first. */
const linkedFirst = (...linked: string[]) => [
  ...linked,
  ...['s6', 's5', 's4', 's3', 's2', 's1'].filter((name) => !linked.includes(name)),
];

describe('alternate-source columns kept by the triggers', () => {
  const altColumns = async (name: string) =>
    app.database.db
      .selectFrom('scenes')
      .select(['alt_src_linked_at', 'alt_script_published'])
      .where('id', '=', scenes.id(name))
      .executeTakeFirstOrThrow();
  const linkId = (name: string) => links.get(name) ?? 0;

  it('hold the newest live link and the newest alternate script of each scene', async () => {
    expect(await altColumns('s6')).toEqual({
      alt_src_linked_at: '2024-08-05T00:00:00.000Z',
      alt_script_published: null,
    });
    expect(await altColumns('s3')).toEqual({
      alt_src_linked_at: '2024-08-01T00:00:00.000Z',
      alt_script_published: '2024-05-01T00:00:00.000Z',
    });
    expect(await altColumns('s1')).toEqual({ alt_src_linked_at: null, alt_script_published: null });
    expect(await altColumns('s2')).toEqual({ alt_src_linked_at: null, alt_script_published: null });
  });

  it('follow a link time that changes', async () => {
    const db = app.database.db;
    await db
      .updateTable('external_reference_links')
      .set({ udf_datetime1: '2024-09-09T00:00:00.000Z' })
      .where('id', '=', linkId('alt-s4'))
      .execute();
    expect((await altColumns('s4')).alt_src_linked_at).toBe('2024-09-09T00:00:00.000Z');
    expect(await order('alt_src_desc')).toEqual(linkedFirst('s4', 's6', 's3'));
  });

  it('follow a deleted link', async () => {
    await app.database.db
      .deleteFrom('external_reference_links')
      .where('id', '=', linkId('alt-s6-new'))
      .execute();
    expect((await altColumns('s6')).alt_src_linked_at).toBe('2024-07-01T00:00:00.000Z');
    expect(await order('alt_src_desc')).toEqual(linkedFirst('s4', 's3', 's6'));
  });

  it('follow a link the user deletes (match_type -1) and one restored', async () => {
    const db = app.database.db;
    const setMatch = (name: string, matchType: number) =>
      db
        .updateTable('external_reference_links')
        .set({ match_type: matchType })
        .where('id', '=', linkId(name))
        .execute();
    await setMatch('alt-s3', -1);
    expect(await altColumns('s3')).toEqual({ alt_src_linked_at: null, alt_script_published: null });
    expect(await order('alt_src_desc')).toEqual(linkedFirst('s4', 's6'));
    await setMatch('alt-s1-deleted', 99999);
    expect(await altColumns('s1')).toEqual({
      alt_src_linked_at: '2024-09-01T00:00:00.000Z',
      alt_script_published: '2024-12-01T00:00:00.000Z',
    });
    expect(await order('alt_src_desc')).toEqual(linkedFirst('s4', 's1', 's6'));
    expect((await order('script_published_desc')).slice(0, 3)).toEqual(['s1', 's4', 's2']);
  });

  it('follow a new link and a link moved to another scene', async () => {
    const db = app.database.db;
    const refs = extrefFactory(db);
    const reference = await refs.alternateScene('alt-site', 'alt-s5', {
      udf_datetime1: '2024-06-06T00:00:00.000Z',
    });
    const link = await refs.link(reference, {
      internal_db_id: scenes.id('s5'),
      udf_datetime1: '2024-10-10T00:00:00.000Z',
    });
    expect(await order('alt_src_desc')).toEqual(linkedFirst('s5', 's4', 's1', 's6'));
    await db
      .updateTable('external_reference_links')
      .set({ internal_db_id: scenes.id('s2') })
      .where('id', '=', link)
      .execute();
    expect(await altColumns('s5')).toEqual({ alt_src_linked_at: null, alt_script_published: null });
    expect(await altColumns('s2')).toEqual({
      alt_src_linked_at: '2024-10-10T00:00:00.000Z',
      alt_script_published: '2024-06-06T00:00:00.000Z',
    });
    expect(await order('alt_src_desc')).toEqual(linkedFirst('s2', 's4', 's1', 's6'));
  });

  it('follow the script time of an alternate scene that changes', async () => {
    await app.database.db
      .updateTable('external_references')
      .set({ udf_datetime1: '2025-01-01T00:00:00.000Z' })
      .where('id', '=', references.get('alt-s4') ?? 0)
      .execute();
    expect((await altColumns('s4')).alt_script_published).toBe('2025-01-01T00:00:00.000Z');
    expect((await order('script_published_desc'))[0]).toBe('s4');
  });
});
