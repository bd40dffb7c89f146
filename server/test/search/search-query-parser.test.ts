import { describe, expect, it } from 'vitest';
import { isDate, parseSearchQuery, type SearchClause } from '../../src/search/search-query-parser';

function clauses(query: string): SearchClause[] {
  const result = parseSearchQuery(query);
  if (!result.ok) throw new Error(`expected "${query}" to parse, got: ${result.error}`);
  return result.clauses;
}

function failure(query: string): string {
  const result = parseSearchQuery(query);
  if (result.ok) throw new Error(`expected "${query}" to fail`);
  return result.error;
}

const text = (
  occurrence: 'should' | 'must' | 'mustNot',
  field: string | null,
  value: string,
  extra: { phrase?: boolean; prefix?: boolean } = {},
) => ({
  kind: 'text',
  occurrence,
  field,
  text: value,
  phrase: extra.phrase ?? false,
  prefix: extra.prefix ?? false,
});

describe('parseSearchQuery', () => {
  it('reads plain terms as should clauses, split on any whitespace', () => {
    expect(clauses('  jane \t doe\n')).toEqual([text('should', null, 'jane'), text('should', null, 'doe')]);
  });

  it('gives nothing for an empty or blank query', () => {
    expect(clauses('')).toEqual([]);
    expect(clauses('   ')).toEqual([]);
  });

  it('reads "phrases" with their spaces', () => {
    expect(clauses('"jane doe" beach')).toEqual([
      text('should', null, 'jane doe', { phrase: true }),
      text('should', null, 'beach'),
    ]);
  });

  it('reads +must and -mustNot on terms, phrases and fields', () => {
    expect(clauses('+jane -"john smith" +title:beach')).toEqual([
      text('must', null, 'jane'),
      text('mustNot', null, 'john smith', { phrase: true }),
      text('must', 'title', 'beach'),
    ]);
  });

  it('keeps a hyphen inside a term (slr-12345 is one term)', () => {
    expect(clauses('slr-12345')).toEqual([text('should', null, 'slr-12345')]);
  });

  it('reads every text field, with a phrase value, case-insensitively', () => {
    expect(clauses('title:a cast:"Jane Doe" site:SLR id:slr-1 description:sunny Title:b')).toEqual([
      text('should', 'title', 'a'),
      text('should', 'cast', 'Jane Doe', { phrase: true }),
      text('should', 'site', 'SLR'),
      text('should', 'id', 'slr-1'),
      text('should', 'description', 'sunny'),
      text('should', 'title', 'b'),
    ]);
  });

  it('accepts and drops ^boost and ~fuzziness', () => {
    expect(clauses('jane^2 title:beach^1.5 "a b"^3 doe~ smith~2')).toEqual([
      text('should', null, 'jane'),
      text('should', 'title', 'beach'),
      text('should', null, 'a b', { phrase: true }),
      text('should', null, 'doe'),
      text('should', null, 'smith'),
    ]);
  });

  it('reads a trailing * as a prefix', () => {
    expect(clauses('jan* cast:do*')).toEqual([
      text('should', null, 'jan', { prefix: true }),
      text('should', 'cast', 'do', { prefix: true }),
    ]);
  });

  it('resolves backslash escapes (an escaped colon is not a field)', () => {
    expect(clauses('title\\:x a\\ b \\+c')).toEqual([
      text('should', null, 'title:x'),
      text('should', null, 'a b'),
      text('should', null, '+c'),
    ]);
  });

  it('reads duration ranges in minutes with every operator and a plain value as equality', () => {
    expect(
      clauses('duration:>=30 duration:<=60 duration:>10 duration:<90 duration:45 +duration:>="20"'),
    ).toEqual([
      { kind: 'range', occurrence: 'should', field: 'duration', operator: '>=', value: 30 },
      { kind: 'range', occurrence: 'should', field: 'duration', operator: '<=', value: 60 },
      { kind: 'range', occurrence: 'should', field: 'duration', operator: '>', value: 10 },
      { kind: 'range', occurrence: 'should', field: 'duration', operator: '<', value: 90 },
      { kind: 'range', occurrence: 'should', field: 'duration', operator: '=', value: 45 },
      { kind: 'range', occurrence: 'must', field: 'duration', operator: '>=', value: 20 },
    ]);
  });

  it('reads released and added date ranges, quoted or not', () => {
    expect(
      clauses('released:>="2024-01-01" released:<=2024-01-31 -added:2023-12-25 added:<"2024-02-29"'),
    ).toEqual([
      { kind: 'range', occurrence: 'should', field: 'released', operator: '>=', value: '2024-01-01' },
      { kind: 'range', occurrence: 'should', field: 'released', operator: '<=', value: '2024-01-31' },
      { kind: 'range', occurrence: 'mustNot', field: 'added', operator: '=', value: '2023-12-25' },
      { kind: 'range', occurrence: 'should', field: 'added', operator: '<', value: '2024-02-29' },
    ]);
  });

  it('marks unknown fields and ranges on text fields as matching nothing', () => {
    expect(clauses('studio:x +tag:y https://example.com/a title:>5')).toEqual([
      { kind: 'no-match', occurrence: 'should', field: 'studio' },
      { kind: 'no-match', occurrence: 'must', field: 'tag' },
      { kind: 'no-match', occurrence: 'should', field: 'https' },
      { kind: 'no-match', occurrence: 'should', field: 'title' },
    ]);
  });

  it('treats a leading colon and lone punctuation as plain text', () => {
    expect(clauses(':x ( *')).toEqual([
      text('should', null, ':x'),
      text('should', null, '('),
      text('should', null, '*'),
    ]);
  });

  it.each([
    ['"unclosed', 'a quoted phrase is not closed'],
    ['title:"unclosed phrase', 'a quoted phrase is not closed'],
    ['title:', '"title:" must be followed by a value'],
    ['+', '"+" must be followed by a term'],
    ['a -', '"-" must be followed by a term'],
    ['duration:>=', '"duration:>=" must be followed by a value'],
    ['duration:>=abc', 'duration takes a number of minutes'],
    ['duration:-5', 'duration takes a number of minutes'],
    ['released:>=2024-1-1', 'released takes a date as yyyy-mm-dd'],
    ['added:2023-02-30', 'added takes a date as yyyy-mm-dd'],
    ['"a b"c', 'unexpected text after a quoted phrase'],
  ])('fails %j: %s', (query, message) => {
    expect(failure(query)).toBe(message);
  });
});

describe('isDate', () => {
  it('accepts real yyyy-mm-dd days only', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2024-13-01')).toBe(false);
    expect(isDate('2024-1-01')).toBe(false);
    expect(isDate('2024-01-01T00:00:00Z')).toBe(false);
  });
});
