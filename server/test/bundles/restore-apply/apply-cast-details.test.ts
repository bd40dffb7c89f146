import path from 'node:path';
import type { BundleEntry } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { spoolEntries } from '../../../src/bundles/restore/bundle-spool';
import type { SpooledBundle } from '../../../src/bundles/spooled-bundle';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { entry, restore } from './apply-fixture';

/*
 * A spool keeps a scene's cast entries as names, and each actor's whole object once (the first met): the
 * actors a restore creates from the scenes' cast still get the details their bundle objects carry, even when
 * the record that carried them first is not the one applied.
 */

const ada = {
  name: 'Ada Quill',
  image_url: 'https://img.test/ada.jpg',
  height: 170,
  hair_color: 'Red',
  biography: 'Ada, first seen',
};
const bo = { name: 'Bo Lark', ethnicity: 'Asian', birth_date: '1999-02-03T00:00:00Z' };

const ENTRIES: BundleEntry[] = [
  // The same scene twice: the later record wins, and its cast came after Ada's first object.
  entry('scenes', { scene_id: 'cast-1', title: 'Early copy', cast: [ada] }),
  entry('scenes', {
    scene_id: 'cast-1',
    title: 'Later copy',
    cast: [{ ...ada, biography: 'Ada, again' }, bo],
  }),
  entry('scenes', { scene_id: 'cast-2', title: 'Second', cast: [bo, { name: 'aka:Ada Quill,Bo Lark' }] }),
];

async function all<T>(records: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const record of records) list.push(record);
  return list;
}

let app: FoveaApp;
let dir: string;
let bundle: SpooledBundle;

beforeAll(async () => {
  app = await createTestApp();
  dir = makeTempDir('fovea-cast-details-');
  async function* entries() {
    yield* ENTRIES;
  }
  bundle = await spoolEntries({ version: '2.1', timestamp: '' }, entries(), path.join(dir, 'spool'));
});

afterAll(async () => {
  await bundle.dispose();
  await app.close();
  removeTempDir(dir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('cast entries spooled as names', () => {
  it('spools the scenes with their cast as names and each actor once, the first object met', async () => {
    const scenes = await all(bundle.records('scenes'));
    expect(scenes.map((scene) => scene.cast)).toEqual([
      [{ name: 'Ada Quill' }],
      [{ name: 'Ada Quill' }, { name: 'Bo Lark' }],
      [{ name: 'Bo Lark' }, { name: 'aka:Ada Quill,Bo Lark' }],
    ]);
    const actors = await all(bundle.castActors());
    expect(actors.map((actor) => [actor.name, actor.biography ?? null])).toEqual([
      ['Ada Quill', 'Ada, first seen'],
      ['Bo Lark', null],
      ['aka:Ada Quill,Bo Lark', null],
    ]);
  });

  it('creates the missing actors with the details of their first object', async () => {
    const run = await restore(app, [], {}, { bundle });
    expect(run.outcome).toEqual({ completed: true });
    const actors = await app.database.db
      .selectFrom('actors')
      .select(['name', 'image_url', 'height', 'hair_color', 'biography', 'ethnicity', 'birth_date'])
      .where('is_aka_group', '=', 0)
      .orderBy('name')
      .execute();
    expect(actors).toEqual([
      {
        name: 'Ada Quill',
        image_url: 'https://img.test/ada.jpg',
        height: 170,
        hair_color: 'Red',
        biography: 'Ada, first seen',
        ethnicity: '',
        birth_date: null,
      },
      expect.objectContaining({ name: 'Bo Lark', ethnicity: 'Asian', birth_date: '1999-02-03' }),
    ]);
    const scene = await app.database.db
      .selectFrom('scenes')
      .select(['title', 'cast_count'])
      .where('scene_id', '=', 'cast-1')
      .executeTakeFirstOrThrow();
    expect(scene).toEqual({ title: 'Later copy', cast_count: 2 });
  });
});
