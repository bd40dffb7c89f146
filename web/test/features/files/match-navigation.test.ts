import { describe, expect, it } from 'vitest';
import {
  adjacentFile,
  durationTerm,
  insertMatchHelper,
  nextUnmatchedFile,
  resultPageCount,
  stepResultPage,
} from '../../../src/features/files/match-navigation';
import { fileRow } from './file-fixtures';

const files = [fileRow({ id: 1 }), fileRow({ id: 2, scene_id: 9 }), fileRow({ id: 3 })];

describe('match dialog navigation', () => {
  it('moves to the previous and next file, wrapping at both ends', () => {
    expect(adjacentFile(files, 1, 1)?.id).toBe(2);
    expect(adjacentFile(files, 3, 1)?.id).toBe(1);
    expect(adjacentFile(files, 1, -1)?.id).toBe(3);
    expect(adjacentFile(files, 2, -1)?.id).toBe(1);
  });

  it('has no navigation with one file or none', () => {
    expect(adjacentFile([fileRow({ id: 1 })], 1, 1)).toBeNull();
    expect(adjacentFile([], 1, -1)).toBeNull();
    expect(adjacentFile(files, 42, 1)).toBeNull();
  });

  it('moves on to the next unmatched file after an assignment, or closes', () => {
    expect(nextUnmatchedFile(files, 1)?.id).toBe(3);
    expect(nextUnmatchedFile(files, 3)?.id).toBe(1);
    expect(nextUnmatchedFile([fileRow({ id: 1 }), fileRow({ id: 2, scene_id: 4 })], 1)).toBeNull();
    expect(nextUnmatchedFile([fileRow({ id: 1 })], 1)).toBeNull();
  });

  it('pages results five at a time, kept within the pages', () => {
    expect(resultPageCount(0)).toBe(1);
    expect(resultPageCount(5)).toBe(1);
    expect(resultPageCount(11)).toBe(3);
    expect(stepResultPage(0, 1, 3)).toBe(1);
    expect(stepResultPage(2, 1, 3)).toBe(2);
    expect(stepResultPage(0, -1, 3)).toBe(0);
  });

  it('searches durations of the file minus one to plus one minute', () => {
    expect(durationTerm(31)).toBe('duration:>=30 duration:<=32');
    expect(durationTerm(1)).toBe('duration:>=0 duration:<=2');
    expect(durationTerm(0)).toBe('duration:>=0');
    expect(insertMatchHelper('jane doe', 8, 8, 'duration', 31)).toEqual({
      value: 'jane doe duration:>=30 duration:<=32',
      cursor: 36,
    });
    expect(insertMatchHelper('', 0, 0, 'duration', 0).value).toBe('duration:>=0');
  });

  it('quotes a multi-word selection given a prefix, as Quick find does', () => {
    expect(insertMatchHelper('jane doe beach', 0, 8, 'cast', 31).value).toBe('cast:"jane doe" beach');
    const today = new Date(2025, 2, 31);
    expect(insertMatchHelper('x', 1, 1, 'released', 31, today).value).toBe(
      'x released:>="2025-03-24" released:<="2025-03-31"',
    );
  });
});
