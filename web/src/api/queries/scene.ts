import {
  DELETED_LINK_NAME,
  EXTERNAL_SOURCE_ALTERNATE_PREFIX,
  EXTERNAL_SOURCE_STASHDB_SCENE,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_MANUAL,
} from '@fovea/contract';
import type { AlternateSourceItem, EditLinkBody, Scene, SearchField } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { filesKeys, sceneKeys } from '../query-keys';
import { cachedScene, updateSceneInCaches } from './scene-cache';

/**
 * GET /api/scene/{id} by numeric id, kept in sceneKeys.detail(id). A scene already loaded (a list page, an
 * earlier visit) shows at once and is read again in the background. Answers null for the zero scene (id 0)
 * the server gives for an unknown id.
 */
export function useScene(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sceneKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Scene | null> => {
      const scene = await apiCall('sceneGet', { params: { id: String(id) }, signal });
      return scene.id === 0 ? null : scene;
    },
    enabled: id !== null && id > 0,
    initialData: () => (id === null ? undefined : cachedScene(queryClient, id)),
    // A scene seeded from a list page is shown at once but read again: the list may be older.
    initialDataUpdatedAt: 0,
  });
}

/** Whether an alternate source is an alternate-site scene (not a StashDB link). */
export const isAlternateScene = (source: AlternateSourceItem): boolean =>
  source.external_source.startsWith(EXTERNAL_SOURCE_ALTERNATE_PREFIX);

/** Whether an alternate source is the scene's StashDB link. */
export const isStashdbScene = (source: AlternateSourceItem): boolean =>
  source.external_source === EXTERNAL_SOURCE_STASHDB_SCENE;

/**
 * GET /api/scene/alternate_source/{id}: the alternate-site scenes and StashDB scenes linked to a scene (other
 * kinds are left out). A failed lookup counts as none (library-spec §8), as does the server's null.
 */
export function useAlternateSources(id: number, enabled = true) {
  return useQuery({
    queryKey: sceneKeys.alternateSources(id),
    queryFn: async ({ signal }): Promise<AlternateSourceItem[]> => {
      try {
        const sources = await apiCall('alternateSources', { params: { id: String(id) }, signal });
        return (sources ?? []).filter((source) => isAlternateScene(source) || isStashdbScene(source));
      } catch (error) {
        if (signal.aborted) throw error;
        return [];
      }
    },
    enabled: enabled && id > 0,
  });
}

/** GET /api/scene/searchfields?q={id}: the indexed search fields of a scene (advanced option only). */
export function useSearchFields(id: number, enabled: boolean) {
  return useQuery({
    queryKey: sceneKeys.searchFields(id),
    queryFn: async ({ signal }): Promise<SearchField[]> =>
      (await apiCall('sceneSearchFields', { query: { q: id }, signal })) ?? [],
    enabled: enabled && id > 0,
  });
}

/** Puts a scene a files call answered into the caches (the zero scene of an unmatched file is skipped). */
function storeAnsweredScene(queryClient: QueryClient, scene: Scene): void {
  if (scene.id > 0) updateSceneInCaches(queryClient, scene);
  void queryClient.invalidateQueries({ queryKey: filesKeys.all });
}

/** POST /api/scene/selectscript/{id}: the script file exported for the scene. */
export function useSelectScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sceneId, fileId }: { sceneId: number; fileId: number }) =>
      apiCall('sceneSelectScript', { params: { id: sceneId }, body: { file_id: fileId } }),
    onSuccess: (scene) => updateSceneInCaches(queryClient, scene),
  });
}

/** POST /api/files/unmatch from the details' Files tab; answers the scene the file was taken from. */
export function useUnmatchSceneFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => apiCall('fileUnmatch', { body: { file_id: fileId } }),
    onSuccess: (scene) => storeAnsweredScene(queryClient, scene),
  });
}

/** DELETE /api/files/file/{id}: removes the file from disk; answers its scene after the status update. */
export function useDeleteSceneFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => apiCall('fileDelete', { params: { id: fileId } }),
    onSuccess: (scene) => storeAnsweredScene(queryClient, scene),
  });
}

/** The alternate source the link calls act on, and the scene it is shown from. */
export interface AlternateSourceTarget {
  source: AlternateSourceItem;
  /** The numeric id of the scene the source was opened from. */
  parentId: number;
}

function useAlternateSourceMutation<V>(
  call: (variables: V) => Promise<unknown>,
  parentIds: (v: V) => number[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, variables) => {
      for (const id of parentIds(variables)) {
        void queryClient.invalidateQueries({ queryKey: sceneKeys.alternateSources(id) });
      }
      void queryClient.invalidateQueries({ queryKey: sceneKeys.lists });
    },
  });
}

/** POST /api/extref/edit_link with match type 99999: links the alternate source to another scene. */
export function useRelinkAlternateSource() {
  return useAlternateSourceMutation(
    ({ target, scene }: { target: AlternateSourceTarget; scene: Pick<Scene, 'id' | 'scene_id'> }) => {
      const body: EditLinkBody = {
        external_source: target.source.external_source,
        external_id: target.source.external_id,
        internal_table: 'scenes',
        internal_db_id: scene.id,
        internal_name_id: scene.scene_id,
        match_type: MATCH_TYPE_MANUAL,
      };
      return apiCall('editExtrefLink', { body });
    },
    ({ target, scene }) => [target.parentId, scene.id],
  );
}

/** DELETE /api/extref/delete_extref: removes the alternate source so the next scrape finds and links it again. */
export function useRefreshAlternateSource() {
  return useAlternateSourceMutation(
    (target: AlternateSourceTarget) =>
      apiCall('deleteExtref', {
        body: { external_source: target.source.external_source, external_id: target.source.external_id },
      }),
    (target) => [target.parentId],
  );
}

/** POST /api/extref/edit_link with match type -1: unlinks the source for good (never relinked). */
export function useFlagAlternateSourceDeleted() {
  return useAlternateSourceMutation(
    (target: AlternateSourceTarget) => {
      const body: EditLinkBody = {
        external_source: target.source.external_source,
        external_id: target.source.external_id,
        internal_table: 'scenes',
        internal_db_id: 0,
        internal_name_id: DELETED_LINK_NAME,
        match_type: MATCH_TYPE_DELETED,
      };
      return apiCall('editExtrefLink', { body });
    },
    (target) => [target.parentId],
  );
}
