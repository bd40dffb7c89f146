/*
 * Click cycling of filter entries (library-spec §4, options-spec §4). An entry is a name with an optional
 * prefix: none = include, `&` = must have, `!` = exclude.
 *
 * Scene list: cast, tags, cuepoint and attributes cycle include -> & -> ! -> include; sites toggle
 * include <-> !. Actor list: cast toggles none <-> ! (two-way); sites and attributes cycle none -> & -> ! -> none.
 */

export type FilterMode = 'include' | 'must' | 'exclude';

const PREFIX: Record<FilterMode, string> = { include: '', must: '&', exclude: '!' };

export interface FilterEntryParts {
  mode: FilterMode;
  name: string;
}

/** Splits "&Jane" into { mode: 'must', name: 'Jane' }. */
export function splitFilterEntry(entry: string): FilterEntryParts {
  if (entry.startsWith('&')) return { mode: 'must', name: entry.slice(1) };
  if (entry.startsWith('!')) return { mode: 'exclude', name: entry.slice(1) };
  return { mode: 'include', name: entry };
}

export function joinFilterEntry(mode: FilterMode, name: string): string {
  return `${PREFIX[mode]}${name}`;
}

/** The name of an entry without its prefix. */
export const filterEntryName = (entry: string): string => splitFilterEntry(entry).name;

/** A cycle: the modes an entry goes through, in click order. */
export type FilterCycle = readonly FilterMode[];

export const THREE_WAY_CYCLE: FilterCycle = ['include', 'must', 'exclude'];
export const TWO_WAY_CYCLE: FilterCycle = ['include', 'exclude'];

export type SceneFilterField = 'cast' | 'tags' | 'cuepoint' | 'attributes' | 'sites';
export type ActorFilterField = 'cast' | 'sites' | 'attributes';

export const SCENE_FILTER_CYCLES: Record<SceneFilterField, FilterCycle> = {
  cast: THREE_WAY_CYCLE,
  tags: THREE_WAY_CYCLE,
  cuepoint: THREE_WAY_CYCLE,
  attributes: THREE_WAY_CYCLE,
  sites: TWO_WAY_CYCLE,
};

export const ACTOR_FILTER_CYCLES: Record<ActorFilterField, FilterCycle> = {
  cast: TWO_WAY_CYCLE,
  sites: THREE_WAY_CYCLE,
  attributes: THREE_WAY_CYCLE,
};

/** The entry after one click. A mode the cycle does not know (e.g. `&` on a two-way field) goes back to include. */
export function cycleFilterEntry(entry: string, cycle: FilterCycle): string {
  const { mode, name } = splitFilterEntry(entry);
  const index = cycle.indexOf(mode);
  const next = index === -1 ? 'include' : (cycle[(index + 1) % cycle.length] ?? 'include');
  return joinFilterEntry(next, name);
}

export const cycleSceneFilterEntry = (field: SceneFilterField, entry: string): string =>
  cycleFilterEntry(entry, SCENE_FILTER_CYCLES[field]);

export const cycleActorFilterEntry = (field: ActorFilterField, entry: string): string =>
  cycleFilterEntry(entry, ACTOR_FILTER_CYCLES[field]);

/** A copy of `entries` with the entry at `index` cycled; out-of-range indexes change nothing. */
export function cycleEntryAt(entries: readonly string[], index: number, cycle: FilterCycle): string[] {
  return entries.map((entry, i) => (i === index ? cycleFilterEntry(entry, cycle) : entry));
}

/**
 * Adds `name` (as include) unless an entry with the same name exists in any mode; returns a new list.
 * Used when a chip (cast, site, tag) is clicked to filter by it.
 */
export function addFilterEntry(entries: readonly string[], name: string): string[] {
  return entries.some((entry) => filterEntryName(entry) === name) ? [...entries] : [...entries, name];
}

/** Removes every entry with this name, whatever its mode. */
export function removeFilterEntry(entries: readonly string[], name: string): string[] {
  return entries.filter((entry) => filterEntryName(entry) !== name);
}
