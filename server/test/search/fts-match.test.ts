import { describe, expect, it } from 'vitest';
import {
  fileNameMatch,
  ftsPhrase,
  looksLikeFilePath,
  nextDay,
  planSearch,
  tokenize,
  withoutQueryString,
} from '../../src/search/fts-match';
import { mergeHits } from '../../src/search/search-hits';
import { parseSearchQuery } from '../../src/search/search-query-parser';

function plan(query: string) {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new Error(parsed.error);
  return planSearch(parsed.clauses);
}

describe('tokenize', () => {
  it('splits on everything but letters and digits, like unicode61', () => {
    expect(tokenize('slr-12345')).toEqual(['slr', '12345']);
    expect(tokenize('Café_Ñandú.mp4')).toEqual(['Café', 'Ñandú', 'mp4']);
    expect(tokenize('C:\\videos\\a b')).toEqual(['C', 'videos', 'a', 'b']);
    expect(tokenize('"( * )"')).toEqual([]);
  });
});

describe('ftsPhrase', () => {
  it('quotes every word, adds the column filter and the prefix star', () => {
    expect(ftsPhrase({ field: null, text: 'jane', prefix: false })).toBe('"jane"');
    expect(ftsPhrase({ field: 'id', text: 'slr-12345', prefix: false })).toBe('{scene_code} : "slr 12345"');
    expect(ftsPhrase({ field: 'cast', text: 'Jane Doe', prefix: true })).toBe('{cast} : "Jane Doe" *');
    expect(ftsPhrase({ field: 'title', text: 'a"b OR NOT c', prefix: false })).toBe(
      '{title} : "a b OR NOT c"',
    );
    expect(ftsPhrase({ field: 'title', text: '()', prefix: false })).toBeNull();
  });
});

const STRONG = '{title cast site scene_code filenames}';

describe('planSearch', () => {
  it('ORs should terms', () => {
    expect(plan('jane doe')).toEqual({
      kind: 'text',
      match: '("jane" OR "doe")',
      strongMatch: `(("jane" OR "doe")) AND (${STRONG} : "jane" OR ${STRONG} : "doe")`,
      strongestMatch: `(("jane" OR "doe")) AND (${STRONG} : "jane") AND (${STRONG} : "doe")`,
      filters: [],
    });
  });

  it('ANDs musts and keeps shoulds in the score with (musts) AND (musts OR shoulds)', () => {
    expect(plan('+title:beach +jane doe')).toMatchObject({
      kind: 'text',
      match: '(({title} : "beach" AND "jane") AND ({title} : "beach" OR "jane" OR "doe"))',
    });
    expect(plan('+jane')).toMatchObject({ kind: 'text', match: '("jane")' });
  });

  it('cuts mustNots with NOT', () => {
    expect(plan('jane -doe -cast:"john smith"')).toEqual({
      kind: 'text',
      match: '("jane") NOT ("doe" OR {cast} : "john smith")',
      strongMatch: `(("jane") NOT ("doe" OR {cast} : "john smith")) AND (${STRONG} : "jane")`,
      strongestMatch: null,
      filters: [],
    });
  });

  it('narrows the strong match to words outside the description; none when all are description words', () => {
    expect(plan('title:a description:b c*')).toMatchObject({
      strongMatch: `(({title} : "a" OR {description} : "b" OR "c" *)) AND ({title} : "a" OR ${STRONG} : "c" *)`,
    });
    expect(plan('description:b +description:c')).toMatchObject({
      kind: 'text',
      strongMatch: null,
      strongestMatch: null,
    });
    expect(plan('title:a description:b c*')).toMatchObject({
      strongestMatch: `(({title} : "a" OR {description} : "b" OR "c" *)) AND ({title} : "a") AND (${STRONG} : "c" *)`,
    });
  });

  it('turns ranges into column filters; a - range is negated', () => {
    expect(plan('jane duration:>=30 -released:<2020-01-01')).toMatchObject({
      kind: 'text',
      match: '("jane")',
      filters: [
        { negate: false, conditions: [{ column: 'duration', operator: '>=', value: 30 }] },
        { negate: true, conditions: [{ column: 'release_date', operator: '<', value: '2020-01-01' }] },
      ],
    });
  });

  it('compares added by UTC day on created_at', () => {
    const filters = (query: string) => {
      const result = plan(query);
      return result.kind === 'filter' ? result.filters.map((f) => f.conditions) : null;
    };
    expect(filters('added:>=2024-02-28')).toEqual([
      [{ column: 'created_at', operator: '>=', value: '2024-02-28' }],
    ]);
    expect(filters('added:>2024-02-28')).toEqual([
      [{ column: 'created_at', operator: '>=', value: '2024-02-29' }],
    ]);
    expect(filters('added:<=2024-02-29')).toEqual([
      [{ column: 'created_at', operator: '<', value: '2024-03-01' }],
    ]);
    expect(filters('added:<2024-02-29')).toEqual([
      [{ column: 'created_at', operator: '<', value: '2024-02-29' }],
    ]);
    expect(filters('added:2024-12-31')).toEqual([
      [
        { column: 'created_at', operator: '>=', value: '2024-12-31' },
        { column: 'created_at', operator: '<', value: '2025-01-01' },
      ],
    ]);
  });

  it('answers range-only and negation-only queries with a filter plan', () => {
    expect(plan('duration:<20')).toEqual({
      kind: 'filter',
      filters: [{ negate: false, conditions: [{ column: 'duration', operator: '<', value: 20 }] }],
      exclude: null,
    });
    expect(plan('-jane -"doe"')).toEqual({ kind: 'filter', filters: [], exclude: '"jane" OR "doe"' });
  });

  it('drops clauses without words and plans nothing when nothing is left', () => {
    expect(plan('( * ) jane')).toMatchObject({ kind: 'text', match: '("jane")' });
    expect(plan('(')).toEqual({ kind: 'none' });
    expect(plan('*')).toEqual({ kind: 'none' });
    expect(plan('')).toEqual({ kind: 'none' });
  });

  it('matches nothing for a required unknown field, drops an optional one unless it is all there is', () => {
    expect(plan('+studio:x jane')).toEqual({ kind: 'none' });
    expect(plan('studio:x jane')).toMatchObject({ kind: 'text', match: '("jane")' });
    expect(plan('-studio:x jane')).toMatchObject({ kind: 'text', match: '("jane")' });
    expect(plan('studio:x')).toEqual({ kind: 'none' });
    expect(plan('https://example.com/scene/1')).toEqual({ kind: 'none' });
    expect(plan('studio:x duration:>5')).toEqual({ kind: 'none' });
  });
});

describe('file and URL helpers', () => {
  it('recognises paths and file names', () => {
    expect(looksLikeFilePath('/videos/vr/scene')).toBe(true);
    expect(looksLikeFilePath('D:\\videos\\scene')).toBe(true);
    expect(looksLikeFilePath('My Scene 4K.mp4')).toBe(true);
    expect(looksLikeFilePath('jane doe')).toBe(false);
    expect(looksLikeFilePath('https://example.com/a/b.html')).toBe(false);
  });

  it('searches the filenames column with one phrase whose last word is a prefix', () => {
    expect(fileNameMatch('/videos/VR/Scene.Name.mp')).toBe('{filenames} : "videos VR Scene Name mp" *');
    expect(fileNameMatch('//')).toBeNull();
  });

  it('strips the query string of a URL', () => {
    expect(withoutQueryString('https://a.com/s/1?utm=x&b=2')).toBe('https://a.com/s/1');
    expect(withoutQueryString('https://a.com/s/1')).toBe('https://a.com/s/1');
  });

  it('steps to the next day across months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2023-02-28')).toBe('2023-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });
});

describe('mergeHits', () => {
  it('keeps the first occurrence of each scene, in step order, up to the limit', () => {
    const merged = mergeHits(
      [
        [{ id: 3, score: 1 }],
        [
          { id: 5, score: 2 },
          { id: 3, score: 9 },
        ],
        [
          { id: 7, score: 4 },
          { id: 8, score: 3 },
        ],
      ],
      3,
    );
    expect(merged).toEqual([
      { id: 3, score: 1 },
      { id: 5, score: 2 },
      { id: 7, score: 4 },
    ]);
  });
});
