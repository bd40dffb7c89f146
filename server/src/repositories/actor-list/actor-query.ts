import type {
  ACTOR_FILTER_RANGES,
  ActorAttribute,
  ActorAttributeField,
  ActorListFilter,
  ActorSortKey,
} from '@fovea/contract';

/** The names of the actor range filters (min_<name>/max_<name>). */
export type ActorRangeName = keyof typeof ACTOR_FILTER_RANGES;

/** One actor attribute test: a fixed attribute, or a field that must equal one of some values. */
export type ActorAttributeTest =
  | { kind: 'fixed'; name: ActorAttribute }
  | { kind: 'field'; field: ActorAttributeField; values: readonly string[] }
  | { kind: 'none' };

/** Entries split by prefix: plain (any of), `&` (must have each), `!` (exclude each). */
export interface ActorEntryGroups<T> {
  include: T[];
  must: T[];
  exclude: T[];
}

/** An active range: a bound is null when it sits at the end of its range (no filter on that side). */
export interface ActorRange {
  name: ActorRangeName;
  min: number | null;
  max: number | null;
}

/** The actor list request as the repository reads it: every filter already parsed by the service. */
export interface ActorQuery {
  lists: readonly ActorListFilter[];
  cast: ActorEntryGroups<string>;
  sites: ActorEntryGroups<string>;
  attributes: ActorEntryGroups<ActorAttributeTest>;
  ranges: readonly ActorRange[];
}

/** Where a name-sorted list should start: names from these first letters on. */
export interface ActorJump {
  letters: readonly string[];
  sort: Extract<ActorSortKey, 'name_asc' | 'name_desc'>;
}
