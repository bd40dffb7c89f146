import type { RouteBody, Scene } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { sceneKeys, sceneSearchKeys } from '../query-keys';
import { updateSceneInCaches } from './scene-cache';

export interface SceneEditVariables {
  id: number;
  body: RouteBody<'sceneEdit'>;
}

/** POST /api/scene/edit/{id}: the answered scene goes to every cache; filters and searches are stale. */
export function useSaveSceneEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SceneEditVariables): Promise<Scene> =>
      apiCall('sceneEdit', { params: { id }, body }),
    onSuccess: (scene) => {
      updateSceneInCaches(queryClient, scene);
      void queryClient.invalidateQueries({ queryKey: sceneKeys.filters });
      void queryClient.invalidateQueries({ queryKey: sceneSearchKeys.all });
    },
  });
}

/** POST /api/scene/delete {scene_id (numeric)}: the lists, filters and searches load again. */
export function useDeleteScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Scene> => apiCall('sceneDelete', { body: { scene_id: id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sceneKeys.lists });
      void queryClient.invalidateQueries({ queryKey: sceneKeys.filters });
      void queryClient.invalidateQueries({ queryKey: sceneSearchKeys.all });
    },
  });
}
