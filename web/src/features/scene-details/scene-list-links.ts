import { SceneFilterState, decodeFilterQuery, encodeFilterQuery } from '@fovea/contract';

/** What a details chip filters the scene list by. */
export type ChipKind = 'cast' | 'sites' | 'tags';

/** The filter state of the scene list shown now (from the `q` of the current `#/?q=` address), or defaults. */
export function currentSceneFilter(hash: string = window.location.hash): SceneFilterState {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const q = path === '/' || path === '' ? new URLSearchParams(search).get('q') : null;
  const decoded = q === null ? null : decodeFilterQuery(q, SceneFilterState);
  return decoded ?? SceneFilterState.parse({});
}

/**
 * The scene list's filter for one chip: the list's other choices (download state, lists, sort...) are kept,
 * and cast, sites, tags and attributes hold just the chip's value.
 */
export function chipFilter(kind: ChipKind, value: string, base: SceneFilterState): SceneFilterState {
  return { ...base, cast: [], sites: [], tags: [], attributes: [], [kind]: [value] };
}

/** The hash route of the scene list with a filter: `#/?q=<base64 JSON>`. */
export function sceneListHash(filter: SceneFilterState): string {
  return `#/?${new URLSearchParams({ q: encodeFilterQuery(filter) }).toString()}`;
}

/** The full address of the scene list with a filter, for a link opened in a new window. */
export function sceneListUrl(filter: SceneFilterState, location: Location = window.location): string {
  return `${location.origin}${location.pathname}${sceneListHash(filter)}`;
}

/**
 * Shows the scene list with a filter. The overlay lives above the router (it is one for the whole app), so it
 * moves the hash the router follows instead of calling the router.
 */
export function goToSceneList(filter: SceneFilterState): void {
  window.location.hash = sceneListHash(filter);
}
