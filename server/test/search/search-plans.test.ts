import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { filterQuery, textQuery, titleQuery } from '../../src/repositories/search-index.repository';
import type { SceneFilter } from '../../src/search/fts-match';
import { libraryFactory } from '../factories/library.factory';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  for (let i = 0; i < 20; i++) await make.scene({ title: `Plan ${i}`, duration: i * 5 });
});

afterAll(() => app.close());

async function plan(query: RawBuilder<unknown>): Promise<string[]> {
  const rows = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(app.database.db);
  return rows.rows.map((row) => row.detail);
}

const duration: SceneFilter = {
  negate: false,
  conditions: [{ column: 'duration', operator: '>=', value: 30 }],
};
const released: SceneFilter = {
  negate: false,
  conditions: [
    { column: 'release_date', operator: '>=', value: '2024-01-01' },
    { column: 'release_date', operator: '<=', value: '2024-01-31' },
  ],
};
const added: SceneFilter = {
  negate: true,
  conditions: [{ column: 'created_at', operator: '<', value: '2024-01-01' }],
};

describe('search query plans', () => {
  it('looks exact titles up in the title index, never a table scan', async () => {
    const details = await plan(titleQuery(['Plan 3', 'plan 3'], 25));
    expect(details.some((d) => d.startsWith('SCAN scenes'))).toBe(false);
    expect(details[0]).toMatch(
      /^SEARCH scenes USING COVERING INDEX idx_scenes_sort_title \(is_hidden=\? AND title=\?\)/,
    );
  });

  it('looks range columns of text matches up in the narrow index by id', async () => {
    const details = await plan(textQuery('"plan"', [duration, added], 25));
    expect(details[0]).toMatch(/^SCAN scene_search VIRTUAL TABLE INDEX/);
    expect(
      details.some((d) => d.startsWith('SEARCH scenes USING COVERING INDEX idx_scenes_search_filters (id=?')),
    ).toBe(true);
  });

  it.each([
    ['a duration range', [duration], null],
    ['a release range', [released], null],
    ['a negated added range', [added], null],
    ['an exclusion only', [], '"plan"'],
  ] as const)(
    'answers %s from the release-date index, never a table scan',
    async (_name, filters, exclude) => {
      const details = await plan(filterQuery(filters, exclude, 25));
      const scenes = details.filter((d) => / scenes\b/.test(d));
      expect(scenes).toHaveLength(1);
      expect(scenes[0]).toMatch(/^(SCAN|SEARCH) scenes USING COVERING INDEX idx_scenes_search_release\b/);
    },
  );
});
