import { describe, expect, it } from 'vitest';
import {
  performerNames,
  resultFacts,
  sortByWeight,
} from '../../../src/features/stashdb-search/stashdb-results';
import { stashResult } from './stashdb-fixtures';

describe('StashDB result helpers', () => {
  it('sorts by Weight, highest first, keeping the order of equal weights; null is no results', () => {
    const results = [
      stashResult('a', { Weight: 5 }),
      stashResult('b', { Weight: 10_000 }),
      stashResult('c', { Weight: 5 }),
      stashResult('d', { Weight: 70 }),
    ];
    expect(sortByWeight(results).map((r) => r.Id)).toEqual(['b', 'd', 'a', 'c']);
    expect(results.map((r) => r.Id)).toEqual(['a', 'b', 'c', 'd']);
    expect(sortByWeight(null)).toEqual([]);
  });

  it('joins the facts and names that are there', () => {
    expect(resultFacts(stashResult('a'))).toBe('Studio VR · 2024-05-06 · 00:30:30');
    expect(resultFacts(stashResult('a', { Studio: '', Date: '' }))).toBe('00:30:30');
    expect(performerNames(stashResult('a'))).toBe('Alice Example, Bea Sample');
    expect(performerNames(stashResult('a', { Performers: null }))).toBe('');
  });
});
