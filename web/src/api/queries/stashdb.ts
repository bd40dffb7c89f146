import { TIMEOUTS } from '@fovea/contract';
import type { Scene } from '@fovea/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { sceneKeys, stashdbKeys } from '../query-keys';
import { updateSceneInCaches } from './scene-cache';

/**
 * GET /api/extref/stashdb/search/{sceneId}?q=: StashDB scenes that may be this scene. An empty text lets the
 * server search with the scene's own facts. Answered afresh every time (StashDB changes, the key may too);
 * the previous results stay while the next search runs.
 */
export function useStashdbSceneSearch(sceneId: number, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: stashdbKeys.sceneSearch(sceneId, text),
    queryFn: ({ signal }) =>
      apiCall('stashdbSceneSearch', {
        params: { id: sceneId },
        query: { q: text },
        signal,
        timeoutMs: TIMEOUTS.stashdbSearch,
      }),
    enabled: sceneId > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export interface LinkStashdbSceneVariables {
  sceneId: number;
  stashId: string;
}

/**
 * GET /api/extref/stashdb/link2scene/{sceneId}/{stashId}: links the scene to a StashDB scene. The answered
 * scene goes to every cache; its linked sources load again.
 */
export function useLinkStashdbScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sceneId, stashId }: LinkStashdbSceneVariables): Promise<Scene> =>
      apiCall('stashdbLinkScene', { params: { id: sceneId, stashId } }),
    onSuccess: (scene) => {
      updateSceneInCaches(queryClient, scene);
      void queryClient.invalidateQueries({ queryKey: sceneKeys.alternateSources(scene.id) });
    },
  });
}
