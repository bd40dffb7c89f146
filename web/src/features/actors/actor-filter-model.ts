import {
  ACTOR_FILTER_CYCLES,
  ACTOR_JUMP_SORTS,
  ACTOR_PAGE_SIZES,
  ActorFilterState,
  CARD_SIZES,
  DEFAULT_CARD_SIZE,
  addFilterEntry,
  cycleEntryAt,
  decodeFilterQuery,
  encodeFilterQuery,
  removeFilterEntry,
} from '@fovea/contract';
import type { ActorFilterField, ActorListRequestInput, ActorSortKey, CardSize } from '@fovea/contract';

/*
 * The actor list's filter state (library-spec §2, options-spec §2): the actors route's `q` (base64 JSON of the
 * filters WITHOUT the card size) plus the card size, which lives in localStorage (ACTOR_CARD_SIZE_KEY). Pure
 * functions only; the route hook is use-actor-filter-state.ts.
 */

/** The filter state with every field filled and the card size as the reference stores it ('1', '2', '3'). */
export type ActorFilters = Omit<ActorFilterState, 'cardSize'> & { cardSize: CardSize };

/** The route parameter holding the state. */
export const ACTOR_FILTER_PARAM = 'q';
/** The route parameter naming the actor whose details are open. */
export const ACTOR_ID_PARAM = 'actor_id';
/** The localStorage key of the actor card size. */
export const ACTOR_CARD_SIZE_KEY = 'fovea.actors.cardSize';

export type { ActorFilterField };

/** A card size from any stored value ('1', 2, 'x'...): unknown values are small cards. */
export function toCardSize(value: unknown): CardSize {
  const text = String(value);
  return (CARD_SIZES as readonly string[]).includes(text) ? (text as CardSize) : DEFAULT_CARD_SIZE;
}

/** Drops the fields the actor list ignores (dlState) and fixes the card size, so equal states look equal. */
function normaliseActorFilters(state: ActorFilterState, cardSize: CardSize): ActorFilters {
  const { dlState: _dlState, cardSize: _stored, ...rest } = state;
  return { ...rest, cardSize };
}

/** The reference's initial state: every actor, name A-Z, no bound, small cards. */
export const DEFAULT_ACTOR_FILTERS: ActorFilters = normaliseActorFilters(
  ActorFilterState.parse({}),
  DEFAULT_CARD_SIZE,
);

/**
 * A filter state from any JSON value (a `q` parameter, a saved search's search_params): every valid field is
 * kept; an invalid field (or a min above its max) falls back to its default, so one odd entry of an old saved
 * search does not lose the rest. The card size is `cardSize` (it is not part of the stored filters).
 */
export function actorFiltersFromJson(value: unknown, cardSize: CardSize = DEFAULT_CARD_SIZE): ActorFilters {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ...DEFAULT_ACTOR_FILTERS, cardSize };
  }
  let entries = Object.entries(value as Record<string, unknown>);
  for (let attempt = 0; attempt < 4; attempt++) {
    const parsed = ActorFilterState.safeParse(Object.fromEntries(entries));
    if (parsed.success) return normaliseActorFilters(parsed.data, cardSize);
    const bad = new Set<PropertyKey>();
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === undefined) continue;
      bad.add(key);
      // A min above its max: drop both bounds.
      if (typeof key === 'string' && key.startsWith('min_')) bad.add(`max_${key.slice(4)}`);
    }
    if (bad.size === 0) break;
    entries = entries.filter(([key]) => !bad.has(key));
  }
  return { ...DEFAULT_ACTOR_FILTERS, cardSize };
}

/** The state a `q` parameter holds; the defaults when it is absent or not base64 JSON of an object. */
export function parseActorFilterQuery(
  q: string | null,
  cardSize: CardSize = DEFAULT_CARD_SIZE,
): ActorFilters {
  if (q === null || q === '') return { ...DEFAULT_ACTOR_FILTERS, cardSize };
  const raw = decodeFilterQuery(q);
  return raw === null ? { ...DEFAULT_ACTOR_FILTERS, cardSize } : actorFiltersFromJson(raw, cardSize);
}

/** The stored form of a state: every filter field, no card size, no dlState. */
export function actorFilterJson(state: ActorFilters): Omit<ActorFilters, 'cardSize'> {
  const { cardSize: _cardSize, ...rest } = actorFiltersFromJson(state, state.cardSize);
  return rest;
}

/** The `q` text of a state (without the card size). */
export function encodeActorFilterQuery(state: ActorFilters): string {
  return encodeFilterQuery(actorFilterJson(state));
}

/** The JSON text an actor saved search keeps of a state (without the card size). */
export function actorFiltersToSearchParams(state: ActorFilters): string {
  return JSON.stringify(actorFilterJson(state));
}

/** The route path of the actor list showing `state`. */
export function actorsPath(state: ActorFilters): string {
  return `/actors?${ACTOR_FILTER_PARAM}=${encodeURIComponent(encodeActorFilterQuery(state))}`;
}

/**
 * The list request of a state without offset, limit and jumpTo (the query key of the list): the card size is
 * the UI's own and jumpTo a one-off, so neither reloads the list. The screen asks for actors without their
 * scenes (the cards need only the counts).
 */
export function actorListRequest(state: ActorFilters): ActorListRequestInput {
  const { jumpTo: _jumpTo, ...filters } = actorFilterJson(state);
  return { ...filters, with_scenes: false };
}

/** One click on the chip at `index` of a field: cast include <-> !, sites and attributes include -> & -> !. */
export function cycleActorFilter(state: ActorFilters, field: ActorFilterField, index: number): ActorFilters {
  return { ...state, jumpTo: '', [field]: cycleEntryAt(state[field], index, ACTOR_FILTER_CYCLES[field]) };
}

/** Adds a name to a field as include (nothing changes when it is there in any mode). */
export function addActorFilter(state: ActorFilters, field: ActorFilterField, name: string): ActorFilters {
  const trimmed = name.trim();
  if (trimmed === '') return state;
  return { ...state, jumpTo: '', [field]: addFilterEntry(state[field], trimmed) };
}

/** Removes every entry with this name from a field, whatever its mode. */
export function removeActorFilter(state: ActorFilters, field: ActorFilterField, name: string): ActorFilters {
  return { ...state, jumpTo: '', [field]: removeFilterEntry(state[field], name) };
}

/** The defaults, keeping the card size (a view choice, not a filter). */
export function resetActorFilters(state: ActorFilters): ActorFilters {
  return { ...DEFAULT_ACTOR_FILTERS, cardSize: state.cardSize };
}

/** True when any filter or the sort differs from the defaults (card size and jumpTo do not count). */
export function hasActiveActorFilters(state: ActorFilters): boolean {
  const current: Record<string, unknown> = actorListRequest(state);
  const defaults: Record<string, unknown> = actorListRequest(DEFAULT_ACTOR_FILTERS);
  const keys = new Set([...Object.keys(current), ...Object.keys(defaults)]);
  return [...keys].some((key) => JSON.stringify(current[key]) !== JSON.stringify(defaults[key]));
}

/** Actors per page for a card size: S 18, M 10, L 8. */
export function actorPageSize(cardSize: CardSize): number {
  return ACTOR_PAGE_SIZES[cardSize];
}

/** The A-Z jump strip shows only when sorting by name. */
export function showsJumpStrip(sort: ActorSortKey): boolean {
  return ACTOR_JUMP_SORTS.includes(sort);
}
