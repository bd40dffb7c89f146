import {
  DL_STATE_FLAGS,
  SceneListRequest,
  SCENE_SORT_KEYS,
  SceneDlState,
  type SceneListRequestInput,
  type SceneSortKey,
} from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { captureStatements, type CapturedStatement } from '../helpers/capture-statements';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * The query plans of the scene list. The statements the repository runs for a request are captured on the
 * better-sqlite3 handle (as Kysely prepares them, with their parameters) and explained:
 * - a page that many scenes match is read in its sort index's order (no "USE TEMP B-TREE FOR ORDER BY");
 *   a page that few match is collected by id;
 * - the status snapshot is read from idx_scenes_default_list; each scene set (tag, cast, file, cuepoint...)
 *   from its own index, never a pass over the scenes; column tests on few candidates look them up by id;
 *   a filter of column tests only is counted in one walk over idx_scenes_filter_facts.
 * Checked on a library without statistics and again after ANALYZE.
 */

type Statement = CapturedStatement;

let app: FoveaApp;
let volume: number;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const make = libraryFactory(db);
  volume = await make.volume();
  // 600 scenes with varied values; status columns are set directly (the plans do not depend on them).
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
    INSERT INTO scenes (scene_id, title, site, release_date, added_date, star_rating, favourite, watchlist,
      is_watched, is_hidden, is_available, is_accessible, total_file_size, total_watch_time, cast_count,
      cuepoint_count, last_opened, script_published)
    SELECT 'plan-' || i, 'Title ' || (i * 7919 % 600), 'Site ' || (i % 13),
      date('2015-01-01', '+' || (i * 37 % 3000) || ' days'), date('2016-01-01', '+' || (i * 53 % 3000) || ' days'),
      (i % 11) * 0.5, i % 7 = 0, i % 5 = 0, i % 3 = 0, i % 17 = 0, i % 2, i % 4 = 1, i * 1000, i % 50,
      i % 8, i % 6, CASE WHEN i % 9 = 0 THEN date('2024-01-01', '+' || i || ' days') END,
      CASE WHEN i % 10 = 0 THEN date('2023-01-01', '+' || i || ' days') END
    FROM n`.execute(db);
  const actors: number[] = [];
  for (let i = 0; i < 4; i++) actors.push(await make.actor(`Actor ${i}`));
  const some = await db.selectFrom('scenes').select('id').where('id', '<=', 40).execute();
  for (const { id } of some) {
    await make.file({ volume_id: volume, scene_id: id, projection: '180_sbs', video_width: 7680 });
    await make.tagScene(id, id % 2 === 0 ? 'even' : 'odd');
    await make.cast(id, actors[id % 4] ?? 0);
    await make.cuepoint(id, null, { name: id % 3 === 0 ? 'standing-blowjob' : 'sitting' });
  }
  // Tags enough for a long must-have list (list-sets.ts).
  for (let id = 1; id <= 5; id++) await make.tagScene(id, ...MANY_TAGS);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

/** The statements one list request ran (counts not cached), by what they read. */
async function statementsOf(body: SceneListRequestInput) {
  const captured = await captureStatements(app, async () => {
    const response = await app.http.inject({ method: 'POST', url: '/api/scene/list', payload: body });
    expect(response.statusCode, response.body).toBe(200);
  });
  expect(app.database.sqlite.prepare).toBe(Object.getPrototypeOf(app.database.sqlite).prepare);
  const starts = (prefix: string) => captured.filter((s) => s.sql.trim().startsWith(prefix));
  return {
    /** Page ids: the sort index walked with every test, collected, or walked with the availability only. */
    page: starts('SELECT s.id FROM scenes s'),
    /** Status counts of column tests, in SQL. */
    count: captured.filter((s) => s.sql.includes('AS accessible, count(*)')),
    /** The ids of a scene set's subquery. */
    sets: starts('SELECT json_group_array(q.scene_id)'),
    /** The ids of the candidates that pass the column tests. */
    columnTests: starts('SELECT json_group_array(s.id)'),
  };
}

/** The EXPLAIN QUERY PLAN lines of a captured statement. */
function plan(statement: Statement): string[] {
  const rows = app.database.sqlite
    .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .all(...(statement.params as [])) as { detail: string }[];
  return rows.map((row) => row.detail);
}

const withFlags = (dlState: SceneDlState, sort: SceneSortKey): SceneListRequestInput => ({
  dlState,
  ...DL_STATE_FLAGS[dlState],
  sort,
});

const scenesAccess = (lines: string[]) => lines.filter((line) => /^(SCAN|SEARCH) (s|scenes)\b/.test(line));

/** Requests whose tests no index answers: run in one walk over the facts index. */
const COLUMN_TESTS: [string, SceneListRequestInput][] = [
  ['image and passthrough attributes', { attributes: ['Has Image', '!Is Passthrough'] }],
  ['simple cuepoints', { attributes: ['Has Simple Cuepoints'] }],
  ['an indexed and a plain test as alternatives', { attributes: ['POVR Scraper', 'Has Image'] }],
];

const MANY_TAGS = Array.from({ length: 34 }, (_, i) => `many ${i}`);
const many = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i));

/** Lists longer than SMALL_LIST, matched as sets read from one JSON parameter (list-sets.ts). */
const LONG_LISTS: [string, SceneListRequestInput][] = [
  ['a long list of sites', { sites: many(20, (i) => `Site ${i}`) }],
  ['a long list of excluded sites', { sites: many(20, (i) => `!Site ${i}`) }],
  ['many must-have tags', { tags: MANY_TAGS.map((tag) => `&${tag}`) }],
  ['many cuepoint values', { cuepoint: ['standing', ...many(19, (i) => `value ${i}`)] }],
  [
    'many must-have cuepoint values',
    { cuepoint: many(10, (i) => `&${'standing-blowjob'.slice(0, i + 1)}*`) },
  ],
  ['many excluded cuepoint values', { cuepoint: many(10, (i) => `!value ${i}`) }],
  ['many codecs', { attributes: many(12, (i) => `Codec c${i}`) }],
  ['must-have codecs', { attributes: ['&Codec hevc', '&Codec h264', '&Resolution 8K', '&Resolution 4K'] }],
];

/** Requests made of scene sets: each read from its own table or index, never a pass over the scenes. */
const SCENE_SETS: [string, SceneListRequestInput][] = [
  ['one tag', { tags: ['even'] }],
  ['two must-have tags', { tags: ['&even', '&odd'] }],
  ['cast', { cast: ['Actor 1', '!Actor 2'] }],
  ['excluded tags', { tags: ['!even'] }],
  ['file attributes', { attributes: ['FOV: 180°', 'Resolution 8K'] }],
  ['cuepoint names', { cuepoint: ['standing', '!sitting'] }],
  ['a volume', { volume: 1 }],
  ['lists', { lists: ['favourite', 'watchlist'] }],
  ['isWatched', { isWatched: true }],
  ['sites', { sites: ['Site 1', '!Site 2'] }],
  ['a release month', { releaseMonth: '2016-05' }],
  ['flag and rating attributes', { attributes: ['Has Rating', '&Is Favourite', '!Rating 2'] }],
  ['a scraper attribute', { attributes: ['POVR Scraper'] }],
  ['count attributes', { attributes: ['Cast 6+', '!Multiple Video Files', '&Has Hsp File'] }],
  ['any cuepoint excluded', { cuepoint: ['!*'] }],
  [
    'flag attributes',
    { attributes: ['Has Preview', '!Has Subscription', '&Has AI Generated Script', '&Missing'] },
  ],
  ['script attributes', { attributes: ['Has Script Download', 'Has Human Generated Script'] }],
  ...LONG_LISTS,
];

/** Sets with column tests: few candidates are looked up by id, many tested in one facts walk. */
const SETS_WITH_TESTS: [string, SceneListRequestInput, RegExp][] = [
  [
    'a tag and a plain attribute',
    { tags: ['odd'], attributes: ['Has Image'] },
    /^SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/,
  ],
  [
    'an excluded actor and a plain attribute',
    { cast: ['!Actor 2'], attributes: ['Has Image'] },
    /^SCAN s USING COVERING INDEX idx_scenes_filter_facts\b/,
  ],
];

/** How a set's query may read scenes: a range of an index, or the whole of a flag's partial index. */
const SET_ACCESS =
  /^SEARCH s USING (COVERING )?INDEX \S+ \(|^SCAN s USING COVERING INDEX idx_scenes_(favourite|watchlist|wishlist|trailerlist|is_scripted|is_watched|ai_script|human_script|alt_ai_script|alt_human_script|has_preview|is_subscribed|alt_script_published)$/;

/** How a page may read scenes: walking a sort index (or the default-list index), or the few matches by id. */
const PAGE_ACCESS =
  /^SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)|^(SCAN|SEARCH) s USING (COVERING )?INDEX idx_scenes_(sort_|default_list)/;

function checkPlans(label: string): void {
  describe(label, () => {
    it('reads the default view in index order and counts it in memory', async () => {
      const { page, count, sets, columnTests } = await statementsOf({
        dlState: 'any',
        ...DL_STATE_FLAGS.any,
      });
      expect(page).toHaveLength(1);
      expect(plan(page[0] as Statement).join('\n')).toContain('idx_scenes_sort_release_date');
      expect(plan(page[0] as Statement).join('\n')).not.toContain('USE TEMP B-TREE');
      expect([...count, ...sets, ...columnTests]).toHaveLength(0);
    });

    it('reads the status snapshot from the narrow default-list index', async () => {
      await sql`UPDATE scenes SET is_hidden = 1 - is_hidden WHERE id = 1`.execute(app.database.db);
      const captured = await captureStatements(app, () => app.sceneList.query(SceneListRequest.parse({})));
      await sql`UPDATE scenes SET is_hidden = 1 - is_hidden WHERE id = 1`.execute(app.database.db);
      const snapshot = captured.filter((s) => s.sql.includes('json_group_array(id)'));
      expect(snapshot).toHaveLength(1);
      expect(scenesAccess(plan(snapshot[0] as Statement))).toEqual([
        expect.stringMatching(/^SCAN scenes USING COVERING INDEX idx_scenes_default_list/),
      ]);
    });

    it.each(SceneDlState.options)(
      'reads every sort of the %s tab without a pass over the scenes',
      async (dlState) => {
        for (const sort of SCENE_SORT_KEYS) {
          const { page, count, sets, columnTests } = await statementsOf(withFlags(dlState, sort));
          expect([...count, ...columnTests], sort).toHaveLength(0);
          for (const statement of sets) {
            for (const line of scenesAccess(plan(statement))) expect(line, sort).toMatch(SET_ACCESS);
          }
          for (const statement of page) {
            const lines = plan(statement);
            expect(scenesAccess(lines), sort).toEqual([expect.stringMatching(PAGE_ACCESS)]);
            // a walk never sorts; only a few collected matches are sorted
            if (lines.some((line) => line.includes('idx_scenes_sort_'))) {
              expect(lines.join('\n'), sort).not.toContain('USE TEMP B-TREE FOR ORDER BY');
            }
          }
        }
      },
    );

    it('walks the sort index of every sort when many scenes match', async () => {
      for (const sort of SCENE_SORT_KEYS) {
        if (/^(rating|last_opened)/.test(sort)) continue; // these sorts list only some scenes
        const { page } = await statementsOf({ ...withFlags('any', sort), offset: 0 });
        expect(page.length, sort).toBeGreaterThanOrEqual(1);
        for (const statement of page) {
          const lines = plan(statement).join('\n');
          expect(lines, sort).toContain('idx_scenes_sort_');
          expect(lines, sort).not.toContain('USE TEMP B-TREE FOR ORDER BY');
        }
      }
    });

    it.each(SCENE_SETS)(
      'reads %s without a pass over the scenes and counts them in memory',
      async (_what, body) => {
        const { page, count, sets, columnTests } = await statementsOf({
          dlState: 'any',
          ...DL_STATE_FLAGS.any,
          ...body,
        });
        expect([...count, ...columnTests]).toHaveLength(0);
        expect(sets.length).toBeGreaterThanOrEqual(1);
        for (const statement of sets) {
          const lines = plan(statement);
          for (const line of scenesAccess(lines)) expect(line, lines.join('\n')).toMatch(SET_ACCESS);
        }
        for (const statement of page) {
          const lines = plan(statement);
          expect(scenesAccess(lines), lines.join('\n')).toEqual([expect.stringMatching(PAGE_ACCESS)]);
        }
      },
    );

    it('reads cuepoint names from the narrow case-free name index: a range for an exact name', async () => {
      const planOf = async (cuepoint: string[]) => {
        const { sets } = await statementsOf({ dlState: 'any', ...DL_STATE_FLAGS.any, cuepoint });
        expect(sets).toHaveLength(1);
        return plan(sets[0] as Statement).join('\n');
      };
      expect(await planOf(['"standing-blowjob"'])).toMatch(
        /SEARCH c USING COVERING INDEX idx_scene_cuepoints_name_nocase \(name>\? AND name<\?\)/,
      );
      for (const pattern of ['standing*', 'blowjob']) {
        expect(await planOf([pattern]), pattern).toMatch(
          /SCAN c USING COVERING INDEX idx_scene_cuepoints_name_nocase$/,
        );
      }
    });

    it.each(LONG_LISTS)('reads the rows of %s through an index only', async (_what, body) => {
      const { sets } = await statementsOf({ dlState: 'any', ...DL_STATE_FLAGS.any, ...body });
      expect(sets.length).toBeGreaterThanOrEqual(1);
      for (const statement of sets) {
        const lines = plan(statement);
        // Scanned whole: only the JSON list (json_each), subquery results, and cuepoint names from their
        // covering indexes; every other row is found through an index.
        for (const line of lines.filter((l) => l.startsWith('SCAN '))) {
          expect(line, lines.join('\n')).toMatch(
            /^SCAN \w+ VIRTUAL TABLE INDEX|^SCAN (m|n|q)$|^SCAN (c|scene_cuepoints) USING COVERING INDEX idx_scene_cuepoints_name/,
          );
        }
      }
    });

    it('reads projection and codec sets from their indexes alone', async () => {
      const attributes = ['FOV: 180°', 'Codec hevc'];
      const { sets } = await statementsOf({ dlState: 'any', ...DL_STATE_FLAGS.any, attributes });
      expect(sets).toHaveLength(attributes.length);
      for (const statement of sets) {
        expect(plan(statement).join('\n')).toMatch(
          /SEARCH f USING COVERING INDEX idx_files_\w+ \(\w+=\? AND type=\?/,
        );
      }
    });

    it.each(SETS_WITH_TESTS)('runs the column tests of %s in one statement', async (_what, body, access) => {
      const { count, columnTests } = await statementsOf({ dlState: 'any', ...DL_STATE_FLAGS.any, ...body });
      expect(count).toHaveLength(0);
      expect(columnTests).toHaveLength(1);
      const lines = plan(columnTests[0] as Statement);
      expect(scenesAccess(lines), lines.join('\n')).toEqual([expect.stringMatching(access)]);
    });

    it.each(COLUMN_TESTS)('runs %s in one walk over the facts index', async (_what, body) => {
      const { count, sets, columnTests } = await statementsOf({
        dlState: 'available',
        ...DL_STATE_FLAGS.available,
        ...body,
      });
      expect([...count, ...sets]).toHaveLength(0);
      expect(columnTests).toHaveLength(1);
      const lines = plan(columnTests[0] as Statement);
      expect(scenesAccess(lines), lines.join('\n')).toEqual([
        expect.stringMatching(/^SCAN s USING COVERING INDEX idx_scenes_filter_facts\b/),
      ]);
    });
  });
}

checkPlans('a library without statistics');

describe('after ANALYZE', () => {
  it('has statistics', async () => {
    await sql`ANALYZE`.execute(app.database.db);
    const stats = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat1`.execute(app.database.db);
    expect(Number(stats.rows[0]?.n)).toBeGreaterThan(0);
  });
});

checkPlans('a library with statistics');
