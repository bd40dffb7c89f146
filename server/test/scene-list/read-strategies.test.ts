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
import { DataVersionRepository } from '../../src/repositories/data-version.repository';
import { sqlOfAll, type Condition } from '../../src/repositories/scene-list/scene-condition';
import { SceneListRepository } from '../../src/repositories/scene-list/scene-list.repository';
import { SceneSetRepository } from '../../src/repositories/scene-list/scene-set.repository';
import { sortOrder } from '../../src/repositories/scene-list/sort-order';
import { lookUpById, walkLength, walksInMemory, walksSortIndex } from '../../src/services/page-plan';
import { statusBucketsOf, withStatus, type StatusBucket } from '../../src/scene-sets/scene-bitmap';
import { SceneMatcher } from '../../src/services/scene-matcher';
import { ScenePageReader } from '../../src/services/scene-page-reader';
import { SceneStatusSnapshots } from '../../src/services/scene-status-snapshot';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * The scene list reads counts and pages in different ways by what a filter tests and how many scenes it
 * matches (a walk over the facts index, or sets of scene ids combined in memory with the column tests run
 * on the candidates looked up by id or in one pass; a page in sort-index order tested by SQLite or checked
 * in memory, or collected and sorted). Every way must give the same answer: here each request is read
 * every way on one library, and the answers compared.
 */

let app: FoveaApp;
let repo: SceneListRepository;
let matcher: SceneMatcher;
let snapshots: SceneStatusSnapshots;
let pages: ScenePageReader;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
    INSERT INTO scenes (scene_id, title, site, release_date, added_date, star_rating, favourite, is_hidden,
      is_available, is_accessible, random_key, is_watched, cast_count, cover_url, last_opened, has_preview,
      ai_script, script_published)
    SELECT CASE WHEN i % 4 = 0 THEN 'povr-' ELSE 'way-' END || i, 'Title ' || (i * 7919 % 300), 'Site ' || (i % 5),
      CASE WHEN i % 23 <> 0 THEN date('2015-01-01', '+' || (i * 37 % 3000) || ' days') END,
      date('2016-01-01', '+' || (i * 53 % 900) || ' days'),
      (i % 11) * 0.5, i % 7 = 0, i % 17 = 0, i % 3 = 0, i % 6 = 0, i * 2654435761 % 4294967296, i % 5 = 0,
      i % 3, CASE WHEN i % 2 = 0 THEN 'http://cover/' || i ELSE '' END,
      CASE WHEN i % 8 = 0 THEN date('2024-01-01', '+' || i || ' days') END, i % 9 = 0, i % 10 = 0,
      CASE WHEN i % 6 = 0 THEN date('2023-01-01', '+' || i || ' days') END
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
  const sets = new SceneSetRepository(db, app.database.readWorker);
  matcher = new SceneMatcher(sets);
  snapshots = new SceneStatusSnapshots(sets, new DataVersionRepository(db));
  pages = new ScenePageReader(repo, sets);
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
  ['an excluded tag only', { tags: ['!common'] }],
  ['an excluded unknown tag', { tags: ['!nope'], attributes: ['Is Favourite'] }],
  ['a set or a column test', { attributes: ['Is Passthrough', 'Is Favourite'], tags: ['&some'] }],
  ['indexed column tests only', { lists: ['favourite'], sites: ['!Site 2'], attributes: ['!Rating 2'] }],
  ['a release month and a rating', { releaseMonth: '2016-03', attributes: ['Has Rating'] }],
  ['column tests without an index', { attributes: ['!Has Preview', 'Has Image'] }],
  ['count attributes', { attributes: ['!Cast 1', 'Cast 2', 'No Actor/Cast'] }],
  ['flag attributes', { attributes: ['&Missing', '!Has Preview'], tags: ['some'] }],
  ['script attributes', { attributes: ['Has Script Download', 'Has AI Generated Script'] }],
  ['unwatched', { isWatched: false, attributes: ['POVR Scraper', 'Is Favourite'] }],
];

const SORTS: SceneSortKey[] = ['release_desc', 'title_asc', 'rating_desc', 'last_opened_desc', 'random'];
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
  const conditions = matchConditions({ request, tags, cast, context: { altSourceScripts: false } });
  if (sort.condition) conditions.push(sort.condition);
  return { request, sort, conditions };
}

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The status buckets of the conditions' SQL, counted by SQLite scene by scene: the reference answer. */
async function bucketsInSql(conditions: Condition[]): Promise<StatusBucket[]> {
  const result = await sql<StatusBucket>`
    SELECT s.is_hidden AS hidden, s.is_available AS available, s.is_accessible AS accessible, count(*) AS count
    FROM scenes s WHERE ${sqlOfAll(conditions)}
    GROUP BY s.is_hidden, s.is_available, s.is_accessible`.execute(app.database.db);
  return result.rows;
}

/** The request's matches worked out in memory, each way; none when it has no scene-set condition. */
async function inMemory(conditions: Condition[]) {
  const snapshot = await snapshots.current();
  const ways = await Promise.all([
    matcher.matching(conditions, snapshot, 'by id'),
    matcher.matching(conditions, snapshot, 'in one pass'),
  ]);
  return { snapshot, ways: conditions.length > 0 ? ways : [] };
}

describe('every way of reading a request gives the same answer', () => {
  it.each(REQUESTS)('counts %s the same every way', async (_what, body) => {
    for (const sort of SORTS) {
      const { conditions } = await conditionsOf({ ...body, sort });
      const walked = sorted(await bucketsInSql(conditions));
      const { snapshot, ways } = await inMemory(conditions);
      if (conditions.length === 0) expect(sorted(statusBucketsOf(null, snapshot.flags))).toEqual(walked);
      for (const matches of ways)
        expect(sorted(statusBucketsOf(matches, snapshot.flags)), sort).toEqual(walked);
    }
  });

  it.each(REQUESTS)('pages %s the same every way', async (_what, body) => {
    for (const sort of SORTS) {
      for (const tab of TABS) {
        const { request, sort: order, conditions } = await conditionsOf({ ...body, ...tab, sort });
        const availability = availabilityOf(request);
        const availabilityTests = availabilityConditions(availability);
        const { snapshot, ways } = await inMemory(conditions);
        const results = await bucketsInSql([...conditions, ...availabilityTests]);
        const source = {
          sort: order,
          tests: [...conditions, ...availabilityTests],
          walkTests: order.condition ? [...availabilityTests, order.condition] : availabilityTests,
          results: results.reduce((total, b) => total + Number(b.count), 0),
          scope: snapshot.total,
          flags: snapshot.flags,
        };
        for (const page of [
          { limit: 80, offset: 0 },
          { limit: 7, offset: 11 },
        ]) {
          const walked = await pages.inSql({ ...source, matches: null }, page, true);
          const collected = await pages.inSql({ ...source, matches: null }, page, false);
          expect(collected, `${sort} ${tab.dlState}`).toEqual(walked);
          for (const bits of ways) {
            const matches = withStatus(bits, snapshot.flags, availability);
            const inMemorySource = { ...source, matches };
            expect(await pages.collected(inMemorySource, matches, page), `${sort} ${tab.dlState}`).toEqual(
              walked,
            );
            // from a first read far too short, so the walk must read on
            expect(
              await pages.walkedInMemory(inMemorySource, matches, page, 1),
              `${sort} ${tab.dlState}`,
            ).toEqual(walked);
            expect(await pages.read(inMemorySource, page.limit, page.offset)).toEqual(walked);
          }
        }
      }
    }
  });

  it('has requests that exercise every way', async () => {
    const sets = await conditionsOf({ tags: ['&common', '&some'], cast: ['!Often'] });
    expect((await inMemory(sets.conditions)).ways).toHaveLength(2);
    const columnTests = await conditionsOf({ tags: ['some'], attributes: ['Cast 1', 'Has Image'] });
    expect(columnTests.conditions.filter((c) => c.sceneSet === null)).toHaveLength(1);
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

  it('checks a walk in memory while it passes at most 20,000 index entries', () => {
    expect(walkLength({ results: 50_000, scope: 100_000, offset: 0, limit: 80 })).toBe(160);
    expect(walkLength({ results: 25_000, scope: 100_000, offset: 4_920, limit: 80 })).toBe(20_000);
    expect(walksInMemory(20_000)).toBe(true);
    expect(walksInMemory(20_001)).toBe(false);
  });

  it('looks column-test candidates up by id while they are at most 15% of the scenes', () => {
    expect(lookUpById(15_000, 100_000)).toBe(true);
    expect(lookUpById(15_001, 100_000)).toBe(false);
  });
});
