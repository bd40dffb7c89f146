/**
 * Whether a scene-list page is read by walking the sort index (testing each scene against the filter until
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
