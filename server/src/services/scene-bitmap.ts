/*
 * Sets of scenes as bitmaps: one byte per scene id (1 = in the set), all of one snapshot's capacity, so the
 * set operations of a filter are single passes over at most a few hundred kilobytes.
 */

export type SceneBitmap = Uint8Array;

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

export function bitmapOf(ids: readonly number[], capacity: number): SceneBitmap {
  const bits = new Uint8Array(capacity);
  for (const id of ids) if (id >= 0 && id < capacity) bits[id] = 1;
  return bits;
}

/** `target` becomes target AND other. */
export function intersect(target: SceneBitmap, other: SceneBitmap): SceneBitmap {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] ?? 0) & (other[i] ?? 0);
  return target;
}

/** `target` becomes target OR other. */
export function unite(target: SceneBitmap, other: SceneBitmap): SceneBitmap {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] ?? 0) | (other[i] ?? 0);
  return target;
}

/** `target` becomes its complement. */
export function invert(target: SceneBitmap): SceneBitmap {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] ?? 0) ^ 1;
  return target;
}

/** How many ids of the set are scenes. */
export function sizeOf(bits: SceneBitmap, flags: Uint8Array): number {
  let size = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] && (flags[i] ?? 0) & EXISTS) size++;
  return size;
}

/** The ids of the set that are scenes, ascending. */
export function idsOf(bits: SceneBitmap, flags: Uint8Array): number[] {
  const ids: number[] = [];
  for (let i = 0; i < bits.length; i++) if (bits[i] && (flags[i] ?? 0) & EXISTS) ids.push(i);
  return ids;
}

/** The scenes of the set per combination of status flags. */
export function statusBucketsOf(bits: SceneBitmap | null, flags: Uint8Array): StatusBucket[] {
  const counts = new Array<number>(EXISTS).fill(0);
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i] ?? 0;
    if (flag & EXISTS && (bits === null || bits[i]))
      counts[flag & (EXISTS - 1)] = (counts[flag & (EXISTS - 1)] ?? 0) + 1;
  }
  return counts.flatMap((count, flag) =>
    count === 0
      ? []
      : [
          {
            hidden: flag & HIDDEN ? 1 : 0,
            available: flag & AVAILABLE ? 1 : 0,
            accessible: flag & ACCESSIBLE ? 1 : 0,
            count,
          },
        ],
  );
}

/** The scenes of the set whose flags match `availability` (null = either). */
export function withStatus(
  bits: SceneBitmap | null,
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
  const out = new Uint8Array(flags.length);
  for (let i = 0; i < flags.length; i++) {
    if (((flags[i] ?? 0) & mask) === want && (bits === null || bits[i])) out[i] = 1;
  }
  return out;
}
