import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILE_FILTERS,
  activeRecentRange,
  encodeFileFilters,
  inputDate,
  parseFileFilters,
  rangeFromInputs,
  recentRange,
  shouldApplyFilename,
  toggleSort,
} from '../../../src/features/files/file-filters';

describe('files filters', () => {
  it('defaults to unmatched files, newest first', () => {
    expect(DEFAULT_FILE_FILTERS).toMatchObject({
      state: 'unmatched',
      sort: 'created_time_desc',
      createdDate: [],
    });
    expect(parseFileFilters(null)).toEqual(DEFAULT_FILE_FILTERS);
    expect(parseFileFilters('not base64 json!')).toEqual(DEFAULT_FILE_FILTERS);
  });

  it('keeps every filter through the q parameter', () => {
    const filters = {
      ...DEFAULT_FILE_FILTERS,
      state: 'all' as const,
      filename: 'Bücher',
      resolutions: ['5k' as const],
      bitrates: ['ultra' as const],
      framerates: ['60fps' as const],
      sort: 'size_asc' as const,
    };
    expect(parseFileFilters(encodeFileFilters(filters))).toEqual(filters);
  });

  it('reloads on the file name only when it is empty or longer than 3 characters', () => {
    expect(shouldApplyFilename('')).toBe(true);
    expect(shouldApplyFilename('a')).toBe(false);
    expect(shouldApplyFilename('abc')).toBe(false);
    expect(shouldApplyFilename('abcd')).toBe(true);
    expect(shouldApplyFilename('a b ')).toBe(true);
  });

  it('quick ranges run from the start of the day N days ago to the end of today', () => {
    const today = new Date(2025, 2, 31, 15, 30);
    const [from, to] = recentRange(7, today);
    expect(new Date(from ?? '')).toEqual(new Date(2025, 2, 24));
    expect(new Date(to ?? '')).toEqual(new Date(2025, 2, 31, 23, 59, 59, 999));
    expect(inputDate(recentRange(30, today)[0])).toBe('2025-03-01');
    expect(inputDate(recentRange(14, today)[0])).toBe('2025-03-17');
  });

  it('knows which quick range is active today', () => {
    const today = new Date(2025, 2, 31, 9);
    expect(activeRecentRange(recentRange(14, today), [7, 14, 30], today)).toBe(14);
    expect(activeRecentRange([], [7, 14, 30], today)).toBeNull();
    expect(activeRecentRange(recentRange(10, today), [7, 14, 30], today)).toBeNull();
  });

  it('turns two date inputs into a range of whole days, and waits for both', () => {
    expect(rangeFromInputs('', '')).toEqual([]);
    expect(rangeFromInputs('2025-01-02', '')).toBeNull();
    expect(rangeFromInputs('2025-13-40', '2025-01-01')).toBeNull();
    const range = rangeFromInputs('2025-01-09', '2025-01-02');
    expect(range?.map((end) => inputDate(end))).toEqual(['2025-01-02', '2025-01-09']);
    expect(new Date(range?.[1] ?? '').getHours()).toBe(23);
  });

  it('flips the direction on the sorted column and starts another column ascending', () => {
    expect(toggleSort('created_time_desc', 'created_time')).toBe('created_time_asc');
    expect(toggleSort('created_time_asc', 'created_time')).toBe('created_time_desc');
    expect(toggleSort('created_time_desc', 'size')).toBe('size_asc');
    expect(toggleSort('', 'created_time')).toBe('created_time_asc');
  });
});
