import { SCRIPT_SORT_KEYS, VIDEO_SORT_KEYS } from '@fovea/contract';

/** Every key a players sort sequence may name (the script keys are a subset but for is_selected). */
export type SortKey = (typeof VIDEO_SORT_KEYS)[number] | (typeof SCRIPT_SORT_KEYS)[number];

/** One step of a players sort sequence ("resolution desc"). */
export interface SortStep {
  key: SortKey;
  desc: boolean;
}

export type SortFileKind = 'video' | 'script' | 'subtitle';

/** The keys a sequence of this kind may use, in the order they are offered (options-spec §5). */
export function sortKeysFor(kind: SortFileKind): readonly SortKey[] {
  return kind === 'video' ? VIDEO_SORT_KEYS : SCRIPT_SORT_KEYS;
}

function isSortKey(value: string | undefined, allowed: readonly SortKey[]): value is SortKey {
  return (allowed as readonly (string | undefined)[]).includes(value);
}

/**
 * Reads a stored sequence ("resolution desc,filename"): unknown keys and repeats are dropped; "asc" or no
 * direction is ascending. An empty result falls back to the default, Filename ascending.
 */
export function parseSortSequence(value: string, kind: SortFileKind): SortStep[] {
  const allowed = sortKeysFor(kind);
  const steps: SortStep[] = [];
  for (const part of value.split(',')) {
    const [key, direction] = part.trim().split(/\s+/);
    if (!isSortKey(key, allowed) || steps.some((step) => step.key === key)) continue;
    steps.push({ key, desc: direction === 'desc' });
  }
  return steps.length > 0 ? steps : [{ key: 'filename', desc: false }];
}

/** Writes steps back as the stored form: keys joined by commas, " desc" after descending ones. */
export function formatSortSequence(steps: readonly SortStep[]): string {
  return steps.map((step) => (step.desc ? `${step.key} desc` : step.key)).join(',');
}

/** Keys not used yet by the sequence, in offer order. */
export function unusedSortKeys(steps: readonly SortStep[], kind: SortFileKind): SortKey[] {
  return sortKeysFor(kind).filter((key) => !steps.some((step) => step.key === key));
}

/** Moves the step at `index` by `delta` places (-1 up, 1 down); out-of-range moves change nothing. */
export function moveSortStep(steps: readonly SortStep[], index: number, delta: -1 | 1): SortStep[] {
  const target = index + delta;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}
