import { SceneListRequest, type SceneListRequestInput, type SceneSortKey } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import {
  availabilityConditions,
  availabilityOf,
  matchConditions,
} from '../../src/repositories/scene-list/filter-conditions';
import { allNames, groupEntries } from '../../src/repositories/scene-list/filter-entries';
import { SceneListRepository } from '../../src/repositories/scene-list/scene-list.repository';
import { sortOrder } from '../../src/repositories/scene-list/sort-order';
import { countDriver, walksSortIndex } from '../../src/services/page-plan';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * The scene list reads counts and pages in different ways by how many scenes a filter matches (range
 * counts, a walk over the facts index, or the scenes of the most selective tag or cast condition looked up
 * by id; a page in sort-index order or collected and sorted). Every way must give the same answer: here
 * each request is read every way on one library, and the answers compared.
 */

let app: FoveaApp;
let repo: SceneListRepository;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
    INSERT INTO scenes (scene_id, title, site, release_date, added_date, star_rating, favourite, is_hidden,
      is_available, is_accessible, random_key)
    SELECT 'way-' || i, 'Title ' || (i * 7919 % 300), 'Site ' || (i % 5),
      date('2015-01-01', '+' || (i * 37 % 3000) || ' days'), date('2016-01-01', '+' || (i * 53 % 900) || ' days'),
      (i % 11) * 0.5, i % 7 = 0, i % 17 = 0, i % 3 = 0, i % 6 = 0, i * 2654435761 % 4294967296
    FROM n`.execute(db);
  const actors = [await make.actor('Often'), await make.actor('Sometimes'), await make.actor('Rarely')];
  const ids = (await db.selectFrom('scenes').select('id').orderBy('id').execute()).map((r) => r.id);
  for (const id of ids) {
    if (id % 5 !== 0) await make.tagScene(id, 'common');
    if (id % 4 === 1) await make.tagScene(id, 'some');
    if (id % 29 === 3) await make.tagScene(id, 'rare');
    if (id % 2 === 0) await make.cast(id, actors[0] ?? 0);
    if (id % 9 === 0) await make.cast(id, actors[1] ?? 0);
    if (id % 31 === 0) await make.cast(id, actors[2] ?? 0);
  }
  repo = new SceneListRepository(db);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const REQUESTS: [string, SceneListRequestInput][] = [
  ['nothing', {}],
  ['a common tag', { tags: ['common'] }],
  ['a rare tag', { tags: ['rare'] }],
  ['two must-have tags', { tags: ['&common', '&some'] }],
  ['any of two tags, one actor excluded', { tags: ['some', 'rare'], cast: ['!Often'] }],
  ['cast any of', { cast: ['Sometimes', 'Rarely'] }],
  ['cast and attributes', { cast: ['&Often'], attributes: ['Has Rating', '!Is Favourite'] }],
  ['an unknown tag', { tags: ['nope'] }],
  ['a site and a tag', { sites: ['Site 1'], tags: ['some'] }],
];

const SORTS: SceneSortKey[] = ['release_desc', 'title_asc', 'rating_desc', 'random'];
const TABS = [
  { dlState: 'any', isAvailable: null, isAccessible: null },
  { dlState: 'available', isAvailable: true, isAccessible: true },
  { dlState: 'hidden', isAvailable: null, isAccessible: null },
] as const;

async function conditionsOf(input: SceneListRequestInput) {
  const request = SceneListRequest.parse(input);
  const [tags, cast] = await Promise.all([
    repo.resolveTags(allNames(groupEntries(request.tags))),
    repo.resolveCast(allNames(groupEntries(request.cast))),
  ]);
  const sort = sortOrder(request.sort, { altSourceScripts: false });
  const { conditions, selective } = matchConditions({
    request,
    tags,
    cast,
    context: { altSourceScripts: false },
  });
  if (sort.condition) conditions.push(sort.condition);
  return { request, sort, conditions, selective };
}

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('every way of reading a request gives the same answer', () => {
  it.each(REQUESTS)('counts %s the same every way', async (_what, body) => {
    for (const sort of SORTS) {
      const { conditions, selective } = await conditionsOf({ ...body, sort });
      const walked = await repo.statusBuckets(conditions.length > 0 ? conditions : [sql`1`], null);
      if (conditions.length === 0) expect(sorted(await repo.statusBuckets([], null))).toEqual(sorted(walked));
      for (const { condition } of selective) {
        expect(sorted(await repo.statusBuckets(conditions, condition)), sort).toEqual(sorted(walked));
      }
    }
  });

  it.each(REQUESTS)('pages %s the same every way', async (_what, body) => {
    for (const sort of SORTS) {
      for (const tab of TABS) {
        const { request, sort: order, conditions, selective } = await conditionsOf({ ...body, ...tab, sort });
        const where = [...conditions, ...availabilityConditions(availabilityOf(request))];
        for (const page of [
          { limit: 80, offset: 0 },
          { limit: 7, offset: 11 },
        ]) {
          const walked = await repo.pageIds(where, order, { ...page, walkSortIndex: true, driver: null });
          const collected = await repo.pageIds(where, order, { ...page, walkSortIndex: false, driver: null });
          expect(collected, `${sort} ${tab.dlState}`).toEqual(walked);
          for (const { condition } of selective) {
            const driven = await repo.pageIds(where, order, {
              ...page,
              walkSortIndex: false,
              driver: condition,
            });
            expect(driven, `${sort} ${tab.dlState}`).toEqual(walked);
          }
        }
      }
    }
  });

  it('has requests that exercise every way', async () => {
    const some = await conditionsOf({ tags: ['&common', '&some'] });
    expect(some.selective).toHaveLength(2);
    const none = await conditionsOf({});
    expect(none.conditions).toHaveLength(0);
  });
});

describe('choosing the way', () => {
  it('walks the sort index when matches are many for the page, and collects them when few', () => {
    expect(walksSortIndex({ results: 50_000, scope: 100_000, offset: 0, limit: 80 })).toBe(true);
    expect(walksSortIndex({ results: 3_000, scope: 100_000, offset: 0, limit: 80 })).toBe(true);
    expect(walksSortIndex({ results: 2_500, scope: 100_000, offset: 0, limit: 80 })).toBe(false);
    // deep pages pass more entries: collecting wins for more filters
    expect(walksSortIndex({ results: 10_000, scope: 100_000, offset: 5_000, limit: 80 })).toBe(false);
    expect(walksSortIndex({ results: 99_000, scope: 100_000, offset: 40_000, limit: 80 })).toBe(true);
    expect(walksSortIndex({ results: 0, scope: 100_000, offset: 0, limit: 80 })).toBe(false);
  });

  it('counts from the smallest tag or cast condition when it selects at most 15% of the scenes', () => {
    const a = { condition: sql<boolean>`1`, scenes: 12_000 };
    const b = { condition: sql<boolean>`2`, scenes: 4_000 };
    expect(countDriver([a, b], 100_000)).toBe(b.condition);
    expect(countDriver([a], 100_000)).toBe(a.condition);
    expect(countDriver([{ ...a, scenes: 15_001 }], 100_000)).toBeNull();
    expect(countDriver([], 100_000)).toBeNull();
  });
});
