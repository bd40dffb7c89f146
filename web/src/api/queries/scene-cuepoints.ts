import { DEFAULT_CUEPOINT_ACTIONS, DEFAULT_CUEPOINT_POSITIONS } from '@fovea/contract';
import type { CuepointBody, CuepointVocabulary, Scene } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { sceneKeys } from '../query-keys';
import { updateSceneInCaches } from './scene-cache';

const DEFAULT_PRESETS: CuepointVocabulary = {
  positions: [...DEFAULT_CUEPOINT_POSITIONS],
  actions: [...DEFAULT_CUEPOINT_ACTIONS],
};

/**
 * GET /api/options/cuepoints: the positions and actions the pickers offer; the client defaults (library-spec
 * §3) while loading, when the call fails or when a list is empty.
 */
export function useCuepointPresets(): CuepointVocabulary {
  const query = useQuery({
    queryKey: sceneKeys.cuepointOptions,
    queryFn: ({ signal }) => apiCall('cuepointOptions', { signal }),
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  return {
    positions: data && data.positions.length > 0 ? data.positions : DEFAULT_PRESETS.positions,
    actions: data && data.actions.length > 0 ? data.actions : DEFAULT_PRESETS.actions,
  };
}

/** The scene as the server has it now, put everywhere it is cached (after a failed edit left it unsure). */
export async function reloadScene(queryClient: QueryClient, sceneId: number): Promise<void> {
  const scene = await apiCall('sceneGet', { params: { id: String(sceneId) } });
  if (scene.id !== 0) updateSceneInCaches(queryClient, scene);
}

/** A scene answer changes the cuepoint names the scene filters offer. */
function onSceneAnswer(queryClient: QueryClient, scene: Scene) {
  updateSceneInCaches(queryClient, scene);
  void queryClient.invalidateQueries({ queryKey: sceneKeys.filters });
}

/** POST /api/scene/{id}/cuepoint; the answered scene goes to every cache. */
export function useAddCuepoint(sceneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CuepointBody) => apiCall('sceneCuepointAdd', { params: { id: sceneId }, body }),
    onSuccess: (scene) => onSceneAnswer(queryClient, scene),
  });
}

/** DELETE /api/scene/{id}/cuepoint/{cuepointId}; the answered scene goes to every cache. */
export function useDeleteCuepoint(sceneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cuepointId: number) =>
      apiCall('sceneCuepointDelete', { params: { id: sceneId, cuepointId } }),
    onSuccess: (scene) => onSceneAnswer(queryClient, scene),
  });
}

/** Thrown by Save Edit when the old cuepoint is gone but the new one could not be created. */
export class CuepointReplaceError extends Error {
  readonly deleted: boolean;
  constructor(cause: unknown, deleted: boolean) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'CuepointReplaceError';
    this.deleted = deleted;
  }
}

export interface ReplaceCuepoint {
  oldId: number;
  body: CuepointBody;
}

/**
 * Save Edit (library-spec §4): DELETE the old cuepoint, then POST the new one, each answer put in the caches
 * as it comes so the table always shows what the server holds. When the create fails after the delete, the
 * scene is read again and the error is passed on.
 */
export function useReplaceCuepoint(sceneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ oldId, body }: ReplaceCuepoint): Promise<Scene> => {
      let deleted = false;
      try {
        const afterDelete = await apiCall('sceneCuepointDelete', {
          params: { id: sceneId, cuepointId: oldId },
        });
        deleted = true;
        onSceneAnswer(queryClient, afterDelete);
        return await apiCall('sceneCuepointAdd', { params: { id: sceneId }, body });
      } catch (error) {
        throw new CuepointReplaceError(error, deleted);
      }
    },
    onSuccess: (scene) => onSceneAnswer(queryClient, scene),
    onError: () => reloadScene(queryClient, sceneId).catch(() => undefined),
  });
}
