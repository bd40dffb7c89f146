import type { Scene, SceneListResponse } from '@fovea/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { sceneKeys } from '../query-keys';

/**
 * Puts a scene the server answered (or an optimistic copy) everywhere it is cached: its details and every
 * loaded page of every scene list, so a card and an open details overlay never disagree.
 */
export function updateSceneInCaches(queryClient: QueryClient, scene: Scene): void {
  queryClient.setQueryData<Scene>(sceneKeys.detail(scene.id), scene);
  queryClient.setQueriesData<InfiniteData<SceneListResponse>>({ queryKey: sceneKeys.lists }, (data) =>
    data === undefined
      ? data
      : {
          ...data,
          pages: data.pages.map((page) =>
            page.scenes.some((item) => item.id === scene.id)
              ? { ...page, scenes: page.scenes.map((item) => (item.id === scene.id ? scene : item)) }
              : page,
          ),
        },
  );
}

/** The scene as cached (details first, else any loaded list page), or undefined. */
export function cachedScene(queryClient: QueryClient, id: number): Scene | undefined {
  const detail = queryClient.getQueryData<Scene>(sceneKeys.detail(id));
  if (detail !== undefined) return detail;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<SceneListResponse>>({
    queryKey: sceneKeys.lists,
  })) {
    for (const page of data?.pages ?? []) {
      const found = page.scenes.find((item) => item.id === id);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
