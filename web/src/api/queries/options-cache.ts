import { TIMEOUTS } from '@fovea/contract';
import type { CacheOptions, CacheOptionsUpdate, CacheResetKind, OptionsStateResponse } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/** Query keys of Options → Cache beyond the options state (below options, like the other option queries). */
export const cacheKeys = {
  /** GET /api/options/state/search: the search index's document count and whether it is being rebuilt. */
  searchState: [...optionsKeys.all, 'search-state'] as const,
};

/**
 * PUT /api/options/cache; the answer replaces config.cache in the cached options state, and the state is read
 * again for the figures (the images limit, and what a lower limit removed).
 */
export function useSaveCacheOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CacheOptionsUpdate) => apiCall('saveCacheOptions', { body }),
    onSuccess: (saved: CacheOptions) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state ? { ...state, config: { ...state.config, cache: saved } } : state,
      );
      // Not awaited: the settings form is remade from the new state at once, and a caller's own onSuccess (the
      // toast) only runs while the form that called it is still there.
      void queryClient.invalidateQueries({ queryKey: optionsKeys.state });
    },
  });
}

/**
 * GET /api/options/state/search. Read again when the `index` lock changes (the section listens to the
 * websocket), never polled.
 */
export function useSearchIndexState() {
  return useQuery({
    queryKey: cacheKeys.searchState,
    queryFn: ({ signal }) => apiCall('searchIndexState', { signal }),
  });
}

/** After a cache changed: the sizes (options state) and the search index state are read again. */
function refreshCacheFigures(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: optionsKeys.state }),
    queryClient.invalidateQueries({ queryKey: cacheKeys.searchState }),
  ]);
}

/**
 * DELETE /api/options/cache/reset/{kind} with the 30 s client timeout (options-spec §9). The figures are read
 * again whether it worked or not: a reset that failed halfway has still removed something.
 */
export function useCacheReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: CacheResetKind) =>
      apiCall('cacheReset', { params: { kind }, timeoutMs: TIMEOUTS.cacheReset }),
    onSettled: () => refreshCacheFigures(queryClient),
  });
}

/** GET /api/task/index: queues a rebuild of the search index (lock "index"); its state is read again. */
export function useReindex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('searchIndexTask'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cacheKeys.searchState }),
  });
}

/** GET /api/task/scene-refresh: queues the job that recomputes every scene's status. */
export function useSceneRefresh() {
  return useMutation({ mutationFn: () => apiCall('sceneRefresh') });
}
