import { describe, expect, it } from 'vitest';
import {
  dateRangeTerm,
  formatIsoDate,
  insertSearchHelper,
} from '../../../src/features/quick-find/search-prefix';

const today = new Date(2024, 2, 5); // 5 March 2024, local time

describe('search helpers', () => {
  it('formats dates with leading zeros', () => {
    expect(formatIsoDate(new Date(2024, 0, 9))).toBe('2024-01-09');
  });

  it('builds a last-7-days range, across month ends', () => {
    expect(dateRangeTerm('released', today)).toBe('released:>="2024-02-27" released:<="2024-03-05"');
    expect(dateRangeTerm('added', new Date(2025, 0, 3))).toBe('added:>="2024-12-27" added:<="2025-01-03"');
  });

  it('inserts a plain prefix at the caret of an empty query', () => {
    expect(insertSearchHelper('', 0, 0, 'title', today)).toEqual({ value: 'title:', cursor: 6 });
  });

  it('separates the prefix from the word before and after it', () => {
    expect(insertSearchHelper('foo', 3, 3, 'cast', today)).toEqual({ value: 'foo cast:', cursor: 9 });
    expect(insertSearchHelper('foo bar', 4, 4, 'site', today)).toEqual({ value: 'foo site: bar', cursor: 9 });
    expect(insertSearchHelper('foo', 0, 0, 'id', today)).toEqual({ value: 'id: foo', cursor: 3 });
  });

  it('wraps the selected text, quoting several words', () => {
    expect(insertSearchHelper('Jane Doe', 0, 8, 'cast', today)).toEqual({
      value: 'cast:"Jane Doe"',
      cursor: 15,
    });
    expect(insertSearchHelper('x slr-123 y', 2, 9, 'id', today)).toEqual({
      value: 'x id:slr-123 y',
      cursor: 12,
    });
  });

  it('inserts whole terms for duration, released and added', () => {
    expect(insertSearchHelper('', 0, 0, 'duration', today)).toEqual({ value: 'duration:>=0', cursor: 12 });
    const released = insertSearchHelper('vr', 2, 2, 'released', today);
    expect(released.value).toBe('vr released:>="2024-02-27" released:<="2024-03-05"');
    expect(released.cursor).toBe(released.value.length);
    expect(insertSearchHelper('a b', 0, 1, 'added', today).value).toBe(
      'a added:>="2024-02-27" added:<="2024-03-05" b',
    );
  });

  it('clamps a caret outside the text', () => {
    expect(insertSearchHelper('ab', 10, 10, 'title', today)).toEqual({ value: 'ab title:', cursor: 9 });
  });
});
