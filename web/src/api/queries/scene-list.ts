import { SCENE_PAGE_SIZE, TIMEOUTS } from '@fovea/contract';
import type { SceneListRequestInput, SceneListResponse } from '@fovea/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { apiCall } from '../client';
import { scenePageBody } from '../scene-page-body';
import { sceneKeys } from '../query-keys';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

type ScenePages = InfiniteData<SceneListResponse, number>;

/** Keeps only the first page of a cached list, so the list starts again from offset 0. */
export function keepFirstPage(data: ScenePages | undefined): ScenePages | undefined {
  if (data === undefined || data.pages.length <= 1) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** The offset of the page after `lastOffset`, or undefined when every match is loaded. */
export function nextSceneOffset(last: SceneListResponse, lastOffset: number): number | undefined {
  const next = lastOffset + SCENE_PAGE_SIZE;
  return next < last.results && last.scenes.length > 0 ? next : undefined;
}

/**
 * POST /api/scene/list in pages of 80 for one request (without offset/limit). Entering the list or changing
 * the request starts from offset 0 again (cached pages beyond the first are dropped) and reloads, while the
 * previous results stay on screen until the new ones arrive.
 */
export function useSceneList(request: SceneListRequestInput) {
  const queryClient = useQueryClient();
  const queryKey = sceneKeys.list(request);
  const keyText = JSON.stringify(queryKey);
  // Before the query subscribes, so a reload fetches the first page only.
  useEffect(() => {
    queryClient.setQueryData<ScenePages>(JSON.parse(keyText) as unknown[], keepFirstPage);
  }, [queryClient, keyText]);
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiCall('sceneList', {
        body: scenePageBody(request, pageParam),
        signal,
        timeoutMs: TIMEOUTS.sceneList,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastOffset) => nextSceneOffset(last, lastOffset),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Reloads the list of `request` from offset 0: the pages after the first are dropped, the first asked again. */
export function useSceneListReload(request: SceneListRequestInput): () => void {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(sceneKeys.list(request));
  return useCallback(() => {
    const queryKey = JSON.parse(keyText) as unknown[];
    queryClient.setQueryData<ScenePages>(queryKey, keepFirstPage);
    void queryClient.refetchQueries({ queryKey, exact: true });
  }, [queryClient, keyText]);
}

/**
 * GET /api/scene/filters: the sidebar's choices; slow on big libraries, so kept for minutes. `enabled` false
 * holds the call back (the scenes page asks once its first page is in, so the server answers the list and
 * the options state first).
 */
export function useSceneFilterOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: sceneKeys.filters,
    queryFn: ({ signal }) => apiCall('sceneFilters', { signal, timeoutMs: TIMEOUTS.sceneFilters }),
    staleTime: FIVE_MINUTES_MS,
    gcTime: FIVE_MINUTES_MS * 2,
  });
}
