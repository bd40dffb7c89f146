import { ACTOR_ID_PARAM } from '../../features/actors/actor-filter-model';

/** The two details overlays the address can name. */
export type DetailsKind = 'scene' | 'actor';

export const DETAILS_KINDS: readonly DetailsKind[] = ['scene', 'actor'];

/**
 * The query parameters naming an open overlay, on any route: the reference's own `scene_id` deep link and the
 * actors route's `actor_id`, so links of either system open the same thing.
 */
export const DETAILS_PARAMS: Readonly<Record<DetailsKind, string>> = {
  scene: 'scene_id',
  actor: ACTOR_ID_PARAM,
};

/** One open overlay. */
export interface DetailsEntry {
  kind: DetailsKind;
  id: number;
}

/** The id a parameter names, or null when it is not a positive whole number. */
export function detailsId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The overlays an address names, bottom first: the parameter written last is the overlay on top (an actor
 * opened from a scene's cast, or a scene from an actor's list). Invalid ids name nothing.
 */
export function readDetailsEntries(search: string): DetailsEntry[] {
  const found: { entry: DetailsEntry; at: number }[] = [];
  const pairs = [...new URLSearchParams(search).entries()];
  for (const kind of DETAILS_KINDS) {
    // The last of repeated parameters counts, as for URLSearchParams.set.
    const at = pairs.findLastIndex(([name]) => name === DETAILS_PARAMS[kind]);
    const id = at < 0 ? null : detailsId(pairs[at]?.[1] ?? null);
    if (id !== null) found.push({ entry: { kind, id }, at });
  }
  return found.sort((a, b) => a.at - b.at).map(({ entry }) => entry);
}

/** The search part (with its `?`, or '') of the address with these overlays, the rest of it kept as it is. */
export function detailsSearch(search: string, entries: readonly DetailsEntry[]): string {
  const params = new URLSearchParams(search);
  for (const kind of DETAILS_KINDS) params.delete(DETAILS_PARAMS[kind]);
  for (const { kind, id } of entries) params.append(DETAILS_PARAMS[kind], String(id));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether two lists of overlays are the same, in the same order. */
export function sameEntries(a: readonly DetailsEntry[], b: readonly DetailsEntry[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry.kind === b[i]?.kind && entry.id === b[i].id);
}

/**
 * Whether going from one search to another only opened, moved or closed overlays: the page under them (its
 * filters, its place in the list) stays as it was.
 */
export function onlyDetailsChanged(before: string, after: string): boolean {
  return (
    detailsSearch(before, []) === detailsSearch(after, []) &&
    !sameEntries(readDetailsEntries(before), readDetailsEntries(after))
  );
}

/**
 * The history state of an entry the app pushed to show an overlay: which overlay it opened (closing that one
 * goes back to the entry before) and the lists previous/next step through, so Forward and a reload keep them.
 */
export interface DetailsHistoryState {
  detailsOpened: DetailsKind;
  siblings: Partial<Record<DetailsKind, number[]>>;
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isSafeInteger(item));

export function readDetailsHistoryState(state: unknown): DetailsHistoryState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { detailsOpened, siblings } = state as Record<string, unknown>;
  if (detailsOpened !== 'scene' && detailsOpened !== 'actor') return null;
  const lists: Partial<Record<DetailsKind, number[]>> = {};
  if (typeof siblings === 'object' && siblings !== null) {
    for (const kind of DETAILS_KINDS) {
      const list = (siblings as Record<string, unknown>)[kind];
      if (isIdList(list)) lists[kind] = list;
    }
  }
  return { detailsOpened, siblings: lists };
}

/** The history state of an entry pushed to open one overlay (no previous/next). */
export const pushedState = (kind: DetailsKind): DetailsHistoryState => ({
  detailsOpened: kind,
  siblings: {},
});
