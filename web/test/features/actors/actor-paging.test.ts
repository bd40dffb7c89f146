import { describe, expect, it } from 'vitest';
import {
  alignOffset,
  offsetOfPage,
  pageCount,
  pageOfOffset,
  stepOffset,
  typedPage,
} from '../../../src/features/actors/actor-paging';

describe('actor paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(60, 18)).toBe(4);
    expect(pageCount(54, 18)).toBe(3);
    expect(pageCount(0, 18)).toBe(1);
    expect(pageCount(1, 8)).toBe(1);
  });

  it('numbers pages from 1 and clamps a page to the pages there are', () => {
    expect(pageOfOffset(0, 18)).toBe(1);
    expect(pageOfOffset(36, 18)).toBe(3);
    expect(offsetOfPage(3, 18, 60)).toBe(36);
    expect(offsetOfPage(9, 18, 60)).toBe(54);
    expect(offsetOfPage(0, 18, 60)).toBe(0);
    expect(offsetOfPage(9, 18, undefined)).toBe(144);
  });

  it('steps one page on or back, wrapping at both ends', () => {
    expect(stepOffset(0, 1, 18, 60)).toBe(18);
    expect(stepOffset(54, 1, 18, 60)).toBe(0);
    expect(stepOffset(0, -1, 18, 60)).toBe(54);
    expect(stepOffset(18, -1, 18, 60)).toBe(0);
    expect(stepOffset(0, 1, 18, 0)).toBe(0);
    expect(stepOffset(0, -1, 18, 10)).toBe(0);
  });

  it('keeps the offset on a page boundary of the new size, never past the last page', () => {
    expect(alignOffset(54, 10)).toBe(50);
    expect(alignOffset(50, 8)).toBe(48);
    expect(alignOffset(48, 18)).toBe(36);
    expect(alignOffset(90, 18, 60)).toBe(54);
    expect(alignOffset(-5, 18)).toBe(0);
  });

  it('reads a typed page: whole numbers clamped, anything else ignored', () => {
    expect(typedPage('3', 4)).toBe(3);
    expect(typedPage(' 12 ', 4)).toBe(4);
    expect(typedPage('0', 4)).toBe(1);
    expect(typedPage('-2', 4)).toBe(1);
    expect(typedPage('', 4)).toBeNull();
    expect(typedPage('2.5', 4)).toBeNull();
    expect(typedPage('x', 4)).toBeNull();
  });
});
