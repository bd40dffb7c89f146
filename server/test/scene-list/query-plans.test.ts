import {
  DL_STATE_FLAGS,
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
 *   a page that few match is collected through the tag or cast condition that selects fewest scenes;
 * - counts without a filter are range counts over idx_scenes_default_list; counts of a filter with a
 *   selective tag or cast condition look its scenes up by id; any other filter is counted in one walk over
 *   idx_scenes_filter_facts.
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
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

/** Runs one list request and answers the statements it ran (counts not cached). */
async function statementsOf(body: SceneListRequestInput): Promise<{ page: Statement[]; count: Statement[] }> {
  app.sceneList.clearCountCache();
  const captured = await captureStatements(app, async () => {
    const response = await app.http.inject({ method: 'POST', url: '/api/scene/list', payload: body });
    expect(response.statusCode, response.body).toBe(200);
  });
  expect(app.database.sqlite.prepare).toBe(Object.getPrototypeOf(app.database.sqlite).prepare);
  return {
    page: captured.filter((s) => s.sql.trim().startsWith('SELECT s.id FROM scenes s')),
    count: captured.filter((s) => s.sql.includes('AS accessible')),
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

/** Requests with a filter but no selective tag or cast condition: their counts walk the facts index. */
const FILTERED: [string, SceneListRequestInput][] = [
  ['a list', { lists: ['favourite', 'watchlist'] }],
  ['isWatched', { isWatched: true }],
  ['scalar attributes', { attributes: ['Has Rating', '&Is Favourite', '!Cast 6+'] }],
  ['script attributes', { attributes: ['Has Script Download', 'Has AI Generated Script'] }],
  ['an attribute with a subquery', { attributes: ['FOV: 180°', 'Resolution 8K'] }],
  ['sites', { sites: ['Site 1', '!Site 2'] }],
  ['scraper attributes', { attributes: ['POVR Scraper', 'Has Image'] }],
  ['a release month', { releaseMonth: '2016-05' }],
  ['excluded tags', { tags: ['!even'] }],
  ['excluded cast', { cast: ['!Actor 2'] }],
  ['cuepoints', { cuepoint: ['standing', '!*'] }],
  ['a volume', { volume: 1 }],
];

function checkPlans(label: string): void {
  describe(label, () => {
    it('reads the default view in index order and counts it with range counts', async () => {
      const { page, count } = await statementsOf({ dlState: 'any', ...DL_STATE_FLAGS.any });
      expect(page).toHaveLength(1);
      expect(plan(page[0] as Statement).join('\n')).toContain('idx_scenes_sort_release_date');
      expect(plan(page[0] as Statement).join('\n')).not.toContain('USE TEMP B-TREE');
      expect(count).toHaveLength(1);
      const lines = plan(count[0] as Statement);
      expect(scenesAccess(lines), lines.join('\n')).toEqual([
        expect.stringMatching(
          /^SEARCH scenes USING COVERING INDEX idx_scenes_default_list \(is_hidden=\? AND is_available=\? AND is_accessible=\?\)/,
        ),
      ]);
    });

    it.each(SceneDlState.options)('counts every sort of the %s tab from an index', async (dlState) => {
      for (const sort of SCENE_SORT_KEYS) {
        const { page, count } = await statementsOf(withFlags(dlState, sort));
        expect(page.length, sort).toBeGreaterThanOrEqual(1);
        expect(count, sort).toHaveLength(1);
        const lines = plan(count[0] as Statement).join('\n');
        expect(lines, sort).toMatch(/COVERING INDEX (idx_scenes_default_list|idx_scenes_filter_facts)/);
        expect(lines, sort).not.toContain('USE TEMP B-TREE FOR GROUP BY');
      }
    });

    it('reads a page of every sort in index order when many scenes match', async () => {
      for (const sort of SCENE_SORT_KEYS) {
        // Ratings and last-opened restrict the counted set; ask for the part of the list that most match.
        const { page } = await statementsOf({ ...withFlags('any', sort), offset: 0 });
        for (const statement of page) {
          const lines = plan(statement).join('\n');
          expect(lines, sort).toContain('idx_scenes_sort_');
          expect(lines, sort).not.toContain('USE TEMP B-TREE FOR ORDER BY');
        }
      }
    });

    it.each([
      ['one tag', { tags: ['even'] }],
      ['two must-have tags', { tags: ['&even', '&odd'] }],
      ['cast', { cast: ['Actor 1', '!Actor 2'] }],
      ['tags and an attribute', { tags: ['odd'], attributes: ['Has Rating'] }],
    ] as [string, SceneListRequestInput][])(
      'counts and collects %s through the scenes of its tag or cast',
      async (_what, body) => {
        const { page, count } = await statementsOf({ dlState: 'any', ...DL_STATE_FLAGS.any, ...body });
        for (const statement of [...page, ...count]) {
          const lines = plan(statement);
          expect(scenesAccess(lines), lines.join('\n')).toEqual([
            expect.stringMatching(/^SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/),
          ]);
        }
        expect(count).toHaveLength(1);
      },
    );

    it.each(FILTERED)('counts %s with one walk over the facts index', async (_what, body) => {
      const { count } = await statementsOf({ dlState: 'available', ...DL_STATE_FLAGS.available, ...body });
      expect(count).toHaveLength(1);
      const lines = plan(count[0] as Statement);
      expect(scenesAccess(lines), lines.join('\n')).toEqual([
        expect.stringMatching(/^(SCAN|SEARCH) s USING COVERING INDEX idx_scenes_filter_facts\b/),
      ]);
      expect(lines.join('\n')).not.toContain('USE TEMP B-TREE FOR GROUP BY');
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
