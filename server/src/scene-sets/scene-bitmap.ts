/*
 * Sets of scenes as bitmaps: one bit per scene id, 32 to a word, all of one snapshot's capacity, so the set
 * operations of a filter are passes over a few thousand words (12.5 KB at 100k scenes) and a request
 * allocates little.
 */

export type SceneBitmap = Uint32Array;

/** How many scenes of a set have one combination of the three status flags. */
export interface StatusBucket {
  hidden: number;
  available: number;
  accessible: number;
  count: number;
}

/** Status flag bits of a snapshot entry; EXISTS marks ids that are scenes. */
export const HIDDEN = 1;
export const AVAILABLE = 2;
export const ACCESSIBLE = 4;
export const EXISTS = 8;

const wordsFor = (capacity: number) => new Uint32Array((capacity + 31) >>> 5);

/** The set of `ids` (ids outside 0..capacity-1 are left out). */
export function bitmapOf(ids: readonly number[], capacity: number): SceneBitmap {
  const bits = wordsFor(capacity);
  for (const id of ids) {
    if (id >= 0 && id < capacity) bits[id >>> 5] = (bits[id >>> 5] ?? 0) | (1 << (id & 31));
  }
  return bits;
}

/** Every id below `capacity`. */
export const fullBitmap = (capacity: number): SceneBitmap => wordsFor(capacity).fill(0xffffffff);

/** Whether `id` is in the set. */
export const has = (bits: SceneBitmap, id: number): boolean =>
  (((bits[id >>> 5] ?? 0) >>> (id & 31)) & 1) === 1;

/** `target` becomes target AND other. */
export function intersect(target: SceneBitmap, other: SceneBitmap): SceneBitmap {
  for (let w = 0; w < target.length; w++) target[w] = (target[w] ?? 0) & (other[w] ?? 0);
  return target;
}

/** `target` becomes target OR other. */
export function unite(target: SceneBitmap, other: SceneBitmap): SceneBitmap {
  for (let w = 0; w < target.length; w++) target[w] = (target[w] ?? 0) | (other[w] ?? 0);
  return target;
}

/** `target` becomes its complement (ids past the capacity may be set; they are never scenes). */
export function invert(target: SceneBitmap): SceneBitmap {
  for (let w = 0; w < target.length; w++) target[w] = ~(target[w] ?? 0);
  return target;
}

/** Calls `visit` with each id of the set below `flags.length` whose entry is a scene, ascending. */
function eachScene(bits: SceneBitmap, flags: Uint8Array, visit: (id: number, flag: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      const low = word & -word;
      const id = (w << 5) + (31 - Math.clz32(low));
      word ^= low;
      const flag = flags[id] ?? 0;
      if (flag & EXISTS) visit(id, flag);
    }
  }
}

/** How many ids of the set are scenes. */
export function sizeOf(bits: SceneBitmap, flags: Uint8Array): number {
  let size = 0;
  eachScene(bits, flags, () => size++);
  return size;
}

/** The ids of the set that are scenes, ascending. */
export function idsOf(bits: SceneBitmap, flags: Uint8Array): number[] {
  const ids: number[] = [];
  eachScene(bits, flags, (id) => ids.push(id));
  return ids;
}

/** The scenes of the set (every scene when null) per combination of status flags. */
export function statusBucketsOf(bits: SceneBitmap | null, flags: Uint8Array): StatusBucket[] {
  const counts = new Array<number>(EXISTS).fill(0);
  const count = (flag: number) => {
    counts[flag & (EXISTS - 1)] = (counts[flag & (EXISTS - 1)] ?? 0) + 1;
  };
  if (bits) eachScene(bits, flags, (_id, flag) => count(flag));
  else for (const flag of flags) if (flag & EXISTS) count(flag);
  return counts.flatMap((n, flag) =>
    n === 0
      ? []
      : [
          {
            hidden: flag & HIDDEN ? 1 : 0,
            available: flag & AVAILABLE ? 1 : 0,
            accessible: flag & ACCESSIBLE ? 1 : 0,
            count: n,
          },
        ],
  );
}

/** The scenes of the set whose flags match `availability` (null = either). */
export function withStatus(
  bits: SceneBitmap,
  flags: Uint8Array,
  availability: { hidden: 0 | 1; available: 0 | 1 | null; accessible: 0 | 1 | null },
): SceneBitmap {
  let mask = EXISTS | HIDDEN;
  let want = EXISTS | (availability.hidden ? HIDDEN : 0);
  if (availability.available !== null) {
    mask |= AVAILABLE;
    want |= availability.available ? AVAILABLE : 0;
  }
  if (availability.accessible !== null) {
    mask |= ACCESSIBLE;
    want |= availability.accessible ? ACCESSIBLE : 0;
  }
  const out = wordsFor(flags.length);
  eachScene(bits, flags, (id, flag) => {
    if ((flag & mask) === want) out[id >>> 5] = (out[id >>> 5] ?? 0) | (1 << (id & 31));
  });
  return out;
}
