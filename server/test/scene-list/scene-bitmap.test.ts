import { describe, expect, it } from 'vitest';
import {
  ACCESSIBLE,
  AVAILABLE,
  bitmapOf,
  EXISTS,
  fullBitmap,
  has,
  HIDDEN,
  idsOf,
  intersect,
  invert,
  sizeOf,
  statusBucketsOf,
  unite,
  withStatus,
} from '../../src/scene-sets/scene-bitmap';

/** Flags for ids 0..capacity-1: every id a scene except the `missing` ones, with the given flags. */
function flagsOf(capacity: number, missing: number[] = [], flagOf: (id: number) => number = () => 0) {
  const flags = new Uint8Array(capacity);
  for (let id = 0; id < capacity; id++) if (!missing.includes(id)) flags[id] = EXISTS | flagOf(id);
  return flags;
}

describe('scene bitmaps', () => {
  const edges = [0, 1, 30, 31, 32, 33, 63, 64, 65, 99];

  it('holds ids on and around word boundaries, and leaves out ids outside the capacity', () => {
    const bits = bitmapOf([...edges, -1, 100, 5000], 100);
    const flags = flagsOf(100);
    expect(idsOf(bits, flags)).toEqual(edges);
    expect(sizeOf(bits, flags)).toBe(edges.length);
    for (const id of edges) expect(has(bits, id)).toBe(true);
    expect(has(bits, 2)).toBe(false);
  });

  it('answers only ids that are scenes', () => {
    const flags = flagsOf(70, [31, 64]);
    expect(idsOf(fullBitmap(70), flags)).toHaveLength(68);
    expect(idsOf(bitmapOf([30, 31, 32, 64], 70), flags)).toEqual([30, 32]);
  });

  it('intersects, unites and inverts', () => {
    const flags = flagsOf(66);
    const a = () => bitmapOf([1, 32, 33, 65], 66);
    const b = () => bitmapOf([32, 65, 2], 66);
    expect(idsOf(intersect(a(), b()), flags)).toEqual([32, 65]);
    expect(idsOf(unite(a(), b()), flags)).toEqual([1, 2, 32, 33, 65]);
    const inverted = idsOf(invert(a()), flags);
    expect(inverted).toHaveLength(62);
    expect(inverted).not.toContain(32);
    expect(inverted).toContain(0);
  });

  it('counts per status and keeps the scenes of one status', () => {
    const flagOf = (id: number) => (id % 2 ? AVAILABLE | ACCESSIBLE : 0) | (id % 5 === 0 ? HIDDEN : 0);
    const flags = flagsOf(40, [3], flagOf);
    const bits = bitmapOf([0, 1, 2, 3, 5, 33], 40);
    expect(statusBucketsOf(bits, flags)).toEqual([
      { hidden: 0, available: 0, accessible: 0, count: 1 }, // 2
      { hidden: 1, available: 0, accessible: 0, count: 1 }, // 0
      { hidden: 0, available: 1, accessible: 1, count: 2 }, // 1, 33
      { hidden: 1, available: 1, accessible: 1, count: 1 }, // 5
    ]);
    expect(statusBucketsOf(null, flags).reduce((n, b) => n + b.count, 0)).toBe(39);
    const shown = { hidden: 0, available: 1, accessible: null } as const;
    expect(idsOf(withStatus(bits, flags, shown), flags)).toEqual([1, 33]);
  });
});
