import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SCENE_FILTER_PARAM, encodeSceneFilterQuery, parseSceneFilterQuery } from './scene-filter-model';
import type { SceneFilters } from './scene-filter-model';

export interface SceneFilterStateControl {
  /** The state the route's `q` holds (the defaults without one). */
  filters: SceneFilters;
  /** Shows the list for another state: a new history entry with the new `q`. */
  setFilters: (next: SceneFilters | ((current: SceneFilters) => SceneFilters)) => void;
}

/**
 * The scene filter state held in the route's `q` (base64 JSON): read on entry and on every route change
 * (back, forward, a link, a saved search); every change navigates with the new `q` (push), so the browser's
 * back button steps through filter changes and a reload keeps them.
 */
export function useSceneFilterState(): SceneFilterStateControl {
  const [params, setParams] = useSearchParams();
  const q = params.get(SCENE_FILTER_PARAM);
  const filters = useMemo(() => parseSceneFilterQuery(q), [q]);
  const setFilters = useCallback(
    (next: SceneFilters | ((current: SceneFilters) => SceneFilters)) =>
      setParams((current) => {
        const state = parseSceneFilterQuery(current.get(SCENE_FILTER_PARAM));
        const updated = new URLSearchParams(current);
        updated.set(
          SCENE_FILTER_PARAM,
          encodeSceneFilterQuery(typeof next === 'function' ? next(state) : next),
        );
        return updated;
      }),
    [setParams],
  );
  return { filters, setFilters };
}
