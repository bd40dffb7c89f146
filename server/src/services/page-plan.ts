/*
 * How a scene-list request is read: the choices that depend on how many scenes match, measured at 100k.
 */

/** How much of the library a candidate set may hold and still be cheaper to look up scene by scene. */
const LOOK_UP_SHARE = 0.15;

/** How many sort-index entries a page walk may pass over when the matches are checked in memory. */
const WALK_IN_MEMORY_ENTRIES = 20_000;

/**
 * Whether a page is read by walking the sort index (testing each scene until the page is full) rather than
 * by collecting every matching scene and sorting them.
 *
 * Walking reads about (offset + limit) / density index entries, where density = results / scope (the scenes
 * the walk passes over); collecting reads every one of `results` scenes and sorts them. Walking wins when
 * results² > (offset + limit) × scope: at 100k scenes and 80 per page, from about 2,800 matches up.
 */
export function walksSortIndex(page: {
  results: number;
  scope: number;
  offset: number;
  limit: number;
}): boolean {
  if (page.results === 0) return false;
  return page.results * page.results > (page.offset + page.limit) * page.scope;
}

/** About how many sort-index entries a walk passes over to fill the page. */
export function walkLength(page: { results: number; scope: number; offset: number; limit: number }): number {
  if (page.results === 0) return page.scope;
  return Math.ceil(((page.offset + page.limit) * page.scope) / page.results);
}

/** Whether a walk is short enough to check each entry against the matches in memory. */
export const walksInMemory = (entries: number): boolean => entries <= WALK_IN_MEMORY_ENTRIES;

/**
 * Whether `candidates` scenes are tested by looking each up by id (cheap for few) rather than in one pass
 * over every scene's facts.
 */
export const lookUpById = (candidates: number, total: number): boolean => candidates <= total * LOOK_UP_SHARE;
