import {
  DEFAULT_CARD_SIZE,
  DL_STATE_FLAGS,
  SCENE_FILTER_CYCLES,
  SCENE_SORT_KEYS,
  SceneDlState,
  SceneFilterState,
  addFilterEntry,
  cycleEntryAt,
  decodeFilterQuery,
  encodeFilterQuery,
  removeFilterEntry,
} from '@fovea/contract';
import type { CardSize, SceneFilterField, SceneListRequestInput, SceneSortKey } from '@fovea/contract';

/*
 * The scene list's filter state as the scenes route holds it in `q` (base64 JSON, library-spec §2): what is
 * shown, how it is sorted and the card size. Pure functions only; the route hook is use-scene-filters.ts.
 */

/** The filter state with every field filled and the card size as the reference stores it ('1', '2', '3'). */
export type SceneFilters = Omit<SceneFilterState, 'cardSize'> & { cardSize: CardSize };

/** The route parameter holding the state. */
export const SCENE_FILTER_PARAM = 'q';

export const DL_STATES = SceneDlState.options;
export const SORT_KEYS: readonly SceneSortKey[] = SCENE_SORT_KEYS;

/** Which availability flags a download state stands for (xbvr-wire §2.3): kept in step with dlState. */
function withDlStateFlags<T extends Pick<SceneFilterState, 'dlState' | 'isAvailable' | 'isAccessible'>>(
  state: T,
): T {
  return { ...state, ...DL_STATE_FLAGS[state.dlState] };
}

function toCardSize(value: SceneFilterState['cardSize']): CardSize {
  if (value === undefined) return DEFAULT_CARD_SIZE;
  const text = String(value);
  return text === '2' || text === '3' ? text : '1';
}

/** Fills flags from dlState and the card size, so equal states look equal. */
export function normaliseFilters(state: SceneFilterState): SceneFilters {
  return withDlStateFlags({ ...state, cardSize: toCardSize(state.cardSize) });
}

/** The reference's initial state: available scenes, release date newest first, small cards. */
export const DEFAULT_SCENE_FILTERS: SceneFilters = normaliseFilters(SceneFilterState.parse({}));

/**
 * A filter state from any JSON value (a `q` parameter, a saved search): every valid field is kept, a field
 * that is not valid falls back to its default, so one odd entry of an old saved search does not lose the rest.
 */
export function filtersFromJson(value: unknown): SceneFilters {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_SCENE_FILTERS;
  let entries = Object.entries(value as Record<string, unknown>);
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = SceneFilterState.safeParse(Object.fromEntries(entries));
    if (parsed.success) return normaliseFilters(parsed.data);
    const bad = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    entries = entries.filter(([key]) => !bad.has(key));
  }
  return DEFAULT_SCENE_FILTERS;
}

/** The state a `q` parameter holds; the defaults when it is absent or not base64 JSON of an object. */
export function parseSceneFilterQuery(q: string | null): SceneFilters {
  if (q === null || q === '') return DEFAULT_SCENE_FILTERS;
  const raw = decodeFilterQuery(q);
  return raw === null ? DEFAULT_SCENE_FILTERS : filtersFromJson(raw);
}

/** The `q` text of a state. */
export function encodeSceneFilterQuery(state: SceneFilters): string {
  return encodeFilterQuery(normaliseFilters(state));
}

/** The route path of the scene list showing `state`, e.g. for a chip that jumps to the filtered list. */
export function scenesPath(state: SceneFilters): string {
  return `/?${SCENE_FILTER_PARAM}=${encodeURIComponent(encodeSceneFilterQuery(state))}`;
}

/** The JSON text a saved search keeps of a state (the card size included, as the reference does). */
export function filtersToSearchParams(state: SceneFilters): string {
  return JSON.stringify(normaliseFilters(state));
}

/**
 * The list request of a state without offset and limit (the query key of the list): the card size is the
 * UI's own, so changing it never reloads the list.
 */
export function sceneListRequest(state: SceneFilters): SceneListRequestInput {
  const { cardSize: _cardSize, ...request } = normaliseFilters(state);
  return request;
}

export type EntryField = SceneFilterField;

/** One click on the chip at `index` of a field: include -> & -> ! (sites: include <-> !). */
export function cycleFilter(state: SceneFilters, field: EntryField, index: number): SceneFilters {
  return { ...state, [field]: cycleEntryAt(state[field], index, SCENE_FILTER_CYCLES[field]) };
}

/** Adds a name to a field as include (nothing changes when it is there in any mode). */
export function addFilter(state: SceneFilters, field: EntryField, name: string): SceneFilters {
  const trimmed = name.trim();
  if (trimmed === '') return state;
  return { ...state, [field]: addFilterEntry(state[field], trimmed) };
}

export function removeFilter(state: SceneFilters, field: EntryField, name: string): SceneFilters {
  return { ...state, [field]: removeFilterEntry(state[field], name) };
}

/** A changed download state, with its flags. */
export function withDlState(state: SceneFilters, dlState: SceneDlState): SceneFilters {
  return withDlStateFlags({ ...state, dlState });
}

/** The defaults, keeping the card size (a view choice, not a filter). */
export function resetFilters(state: SceneFilters): SceneFilters {
  return { ...DEFAULT_SCENE_FILTERS, cardSize: state.cardSize };
}

/** True when any filter or the sort differs from the defaults (the card size does not count). */
export function hasActiveFilters(state: SceneFilters): boolean {
  const current: Record<string, unknown> = sceneListRequest(state);
  const defaults: Record<string, unknown> = sceneListRequest(DEFAULT_SCENE_FILTERS);
  const keys = new Set([...Object.keys(current), ...Object.keys(defaults)]);
  return [...keys].some((key) => JSON.stringify(current[key]) !== JSON.stringify(defaults[key]));
}

/** The card size as a number, as the grid takes it. */
export function cardSizeNumber(size: CardSize): 1 | 2 | 3 {
  return size === '3' ? 3 : size === '2' ? 2 : 1;
}
