import { ACTOR_SORT_KEYS, ZERO_TIME } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CatalogueCountsRepository } from '../../src/repositories/catalogue-counts.repository';
import { libraryFactory } from '../factories/library.factory';
import { captureStatements } from '../helpers/capture-statements';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { listActors, listNames } from './actor-list-client';

/*
 * Every sort of POST /api/actor/list, paging, the jumpTo letters (with the grouped Q/R, U/V, W/X/Y/Z), and
 * the actors of an answer: their non-hidden scenes newest first and the computed average scene rating.
 */

let app: FoveaApp;
const LETTER_NAMES = [
  '_Underscore',
  'Abby',
  'Bree',
  'Cleo',
  'Dana',
  'Quinn',
  'Rita',
  'Sara',
  'Uma',
  'Vera',
  'Xena',
  'Zoe',
];

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  // Sorted fixtures: Ann, Bea, Cat, Dee with distinct values per sort key.
  const ann = await make.actor('Ann', {
    birth_date: '1990-05-01',
    star_rating: 3,
    created_at: '2024-01-03T00:00:00.000Z',
    updated_at: '2024-02-01T00:00:00.000Z',
  });
  const bea = await make.actor('Bea', {
    birth_date: '2000-01-01T00:00:00Z',
    star_rating: 5,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-03-01T00:00:00.000Z',
  });
  const cat = await make.actor('Cat', {
    birth_date: '0001-01-01T00:00:00Z',
    star_rating: 1,
    created_at: '2024-01-02T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  });
  await make.actor('dee', { created_at: '2024-01-04T00:00:00.000Z', updated_at: '2024-01-15T00:00:00.000Z' });
  const volume = await make.volume();
  const old = await make.scene({ release_date: '2020-01-01', added_date: '2024-06-01', star_rating: 2 });
  const mid = await make.scene({
    release_date: '2022-01-01',
    added_date: '2024-01-01',
    star_rating: 5,
    is_available: 1,
  });
  const recent = await make.scene({
    release_date: '2023-01-01',
    added_date: '2023-01-01',
    star_rating: 0,
    is_available: 1,
  });
  const hidden = await make.scene({ release_date: '2025-01-01', is_hidden: 1, star_rating: 1 });
  await make.file({ volume_id: volume, scene_id: old, created_time: '2024-09-01T00:00:00.000Z' });
  await make.file({ volume_id: volume, scene_id: recent, created_time: '2024-05-01T00:00:00.000Z' });
  for (const scene of [old, mid, hidden]) await make.cast(scene, ann);
  await make.cast(recent, bea);
  await make.cast(mid, cat);
  await make.cast(recent, cat);
  // Counts and scene facts as the writers keep them: Ann 3 scenes (1 available), Bea 1 (1), Cat 2 (2).
  await new CatalogueCountsRepository(db).refreshActorCounts('all');
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
});

describe('sorts', () => {
  it.each([
    ['name_asc', ['Ann', 'Bea', 'Cat', 'dee']],
    ['name_desc', ['dee', 'Cat', 'Bea', 'Ann']],
    ['birthday_desc', ['Bea', 'Ann', 'Cat', 'dee']],
    ['birthday_asc', ['Ann', 'Bea', 'Cat', 'dee']],
    ['rating_desc', ['Bea', 'Ann', 'Cat', 'dee']],
    ['rating_asc', ['dee', 'Cat', 'Ann', 'Bea']],
    // Ann: (2 + 5 + 1) / 3 (the hidden scene's rating counts, the unrated never); Cat: 5; Bea: none.
    ['scene_rating_desc', ['Cat', 'Ann', 'Bea', 'dee']],
    ['added_desc', ['dee', 'Ann', 'Cat', 'Bea']],
    ['added_asc', ['Bea', 'Cat', 'Ann', 'dee']],
    ['modified_desc', ['Bea', 'Ann', 'dee', 'Cat']],
    ['modified_asc', ['Cat', 'dee', 'Ann', 'Bea']],
    ['scene_release_desc', ['Ann', 'Bea', 'Cat', 'dee']],
    ['scene_added_desc', ['Ann', 'Cat', 'Bea', 'dee']],
    ['file_added_desc', ['Ann', 'Bea', 'Cat', 'dee']],
    ['scene_available_desc', ['Cat', 'Ann', 'Bea', 'dee']],
    ['scene_count_desc', ['Ann', 'Cat', 'Bea', 'dee']],
  ] as const)('%s', async (sort, expected) => {
    expect(await listNames(app, { sort })).toEqual(expected);
  });

  it('random answers every actor once', async () => {
    expect((await listNames(app, { sort: 'random' })).sort()).toEqual(['Ann', 'Bea', 'Cat', 'dee']);
  });

  it('every sort key of the contract is covered and answers 200', async () => {
    for (const sort of ACTOR_SORT_KEYS) expect(await listNames(app, { sort })).toHaveLength(4);
  });

  it('answers 400 for an unknown sort', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/actor/list',
      payload: { sort: 'height_desc' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the actors of an answer', () => {
  it('carry their non-hidden scenes newest first, the average scene rating and zero counts', async () => {
    const answer = await listActors(app, { cast: ['Ann', 'Bea'] });
    expect(answer).toMatchObject({
      results: 2,
      offset: 0,
      count_any: 0,
      count_available: 0,
      count_downloaded: 0,
      count_not_downloaded: 0,
      count_hidden: 0,
    });
    const [ann, bea] = answer.actors;
    expect(ann?.scenes.map((scene) => scene.release_date)).toEqual([
      '2022-01-01T00:00:00Z',
      '2020-01-01T00:00:00Z',
    ]);
    expect(ann?.scenes[0]).toMatchObject({
      tags: null,
      cast: null,
      file: null,
      cuepoints: null,
      history: null,
    });
    expect(ann?.scene_rating_average).toBe('2.67');
    expect(ann?.birth_date).toBe('1990-05-01T00:00:00Z');
    expect(ann?.aka_groups).toBeNull();
    expect(bea?.scene_rating_average).toBe('');
    expect(bea?.scenes).toHaveLength(1);
  });

  it('leave out the scenes with with_scenes false, keeping the counts and derived fields', async () => {
    const full = await listActors(app, { cast: ['Ann', 'Bea'] });
    const lean = await listActors(app, { cast: ['Ann', 'Bea'], with_scenes: false });
    expect(lean.actors.map((actor) => actor.scenes)).toEqual([[], []]);
    expect(lean.actors.map(({ scenes: _scenes, ...fields }) => fields)).toEqual(
      full.actors.map(({ scenes: _scenes, ...fields }) => fields),
    );
    expect(lean.actors[0]?.count).toBeGreaterThan(0);
  });

  it('a page reads its actors and their scenes in a fixed number of statements', async () => {
    const statements = await captureStatements(app, () => listActors(app, { limit: 4 }));
    // The total, the page of ids, the rows (with the average scene rating) and the scenes of the page.
    expect(statements.map((statement) => statement.sql.replace(/\s+/g, ' ').slice(0, 40))).toHaveLength(4);
  });
});

describe('paging and jumpTo', () => {
  let jumpApp: FoveaApp;

  beforeAll(async () => {
    jumpApp = await createTestApp();
    const make = libraryFactory(jumpApp.database.db);
    for (const name of LETTER_NAMES) await make.actor(name);
  });

  afterAll(async () => {
    await jumpApp.close();
    removeTempDir(jumpApp.config.dataDir);
  });

  it('pages by offset and limit, 18 by default, with the total in results', async () => {
    const first = await listActors(jumpApp, { limit: 4 });
    const third = await listActors(jumpApp, { limit: 4, offset: 8 });
    expect(first.actors.map((a) => a.name)).toEqual(['_Underscore', 'Abby', 'Bree', 'Cleo']);
    expect(third.actors.map((a) => a.name)).toEqual(['Uma', 'Vera', 'Xena', 'Zoe']);
    expect(third).toMatchObject({ results: 12, offset: 8 });
    expect((await listActors(jumpApp)).actors).toHaveLength(12);
  });

  it('jumpTo answers the page holding the first name from that letter on, by name ascending', async () => {
    const answer = await listActors(jumpApp, { limit: 4, offset: 0, jumpTo: 'S' });
    expect(answer.offset).toBe(4);
    expect(answer.actors.map((a) => a.name)).toEqual(['Dana', 'Quinn', 'Rita', 'Sara']);
    expect((await listActors(jumpApp, { limit: 4, jumpTo: 'Q/R' })).offset).toBe(4);
    expect((await listActors(jumpApp, { limit: 4, jumpTo: 'U/V' })).offset).toBe(8);
    expect((await listActors(jumpApp, { limit: 4, jumpTo: 'W/X/Y/Z' })).offset).toBe(8);
    // "_" sorts before the letters (names compare case-folded), so it stays before "A".
    expect((await listActors(jumpApp, { limit: 4, jumpTo: 'a' })).offset).toBe(0);
    expect((await listActors(jumpApp, { limit: 1, jumpTo: 'A' })).actors.map((a) => a.name)).toEqual([
      'Abby',
    ]);
  });

  it('by name descending, the page holding the first name of the letter group', async () => {
    // Zoe, Xena, Vera, Uma | Sara, Rita, Quinn, Dana | Cleo, Bree, Abby, _Underscore
    const answer = await listActors(jumpApp, { limit: 4, sort: 'name_desc', jumpTo: 'Q/R' });
    expect(answer.offset).toBe(4);
    expect((await listActors(jumpApp, { limit: 4, sort: 'name_desc', jumpTo: 'W/X/Y/Z' })).offset).toBe(0);
    expect((await listActors(jumpApp, { limit: 4, sort: 'name_desc', jumpTo: 'C' })).offset).toBe(8);
    expect((await listActors(jumpApp, { limit: 4, sort: 'name_desc', jumpTo: 'A' })).offset).toBe(8);
  });

  it('jumpTo is ignored for other sorts; a bad jumpTo is a 400', async () => {
    const answer = await listActors(jumpApp, { limit: 4, offset: 4, sort: 'added_asc', jumpTo: 'Z' });
    expect(answer.offset).toBe(4);
    const response = await jumpApp.http.inject({
      method: 'POST',
      url: '/api/actor/list',
      payload: { jumpTo: 'QR' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('the zero birth date is answered as the zero time', async () => {
    const answer = await listActors(jumpApp, { limit: 1 });
    expect(answer.actors[0]?.birth_date).toBe(ZERO_TIME);
  });
});
