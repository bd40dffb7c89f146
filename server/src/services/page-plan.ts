import type { Condition } from '../repositories/scene-list/attribute-conditions';
import type { Selective } from '../repositories/scene-list/filter-conditions';

/** How much of the library a tag or cast condition may select and still be the way in for counting. */
const DRIVEN_COUNT_SHARE = 0.15;

/**
 * How a scene-list request is read. Whether a scene-list page is read by walking the sort index (testing each scene against the filter until
 * the page is full) rather than by collecting every matching scene and sorting them.
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

/**
 * The tag or cast condition to count (and collect a page) from, when one selects few enough scenes that
 * looking each of them up by id beats one pass over every scene (about 15% of the scenes, measured at 100k).
 */
export function countDriver(selective: readonly Selective[], sceneTotal: number): Condition | null {
  const smallest = [...selective].sort((a, b) => a.scenes - b.scenes)[0];
  return smallest && smallest.scenes <= sceneTotal * DRIVEN_COUNT_SHARE ? smallest.condition : null;
}
