import { TIMEOUTS } from '@fovea/contract';
import type { Actor, Scene } from '@fovea/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys, sceneKeys, stashdbKeys } from '../query-keys';
import { LEAN_ACTOR, updateActorInCaches } from './actor-cache';
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

/**
 * GET /api/extref/stashdb/searchactor/{actorId}?q=: StashDB performers that may be this actor. An empty text
 * lets the server search with the actor's name and aliases. Answered afresh every time; the previous results
 * stay while the next search runs.
 */
export function useStashdbActorSearch(actorId: number, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: stashdbKeys.actorSearch(actorId, text),
    queryFn: ({ signal }) =>
      apiCall('stashdbActorSearch', {
        params: { id: actorId },
        query: { q: text },
        signal,
        timeoutMs: TIMEOUTS.stashdbSearch,
      }),
    enabled: actorId > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export interface LinkStashdbActorVariables {
  actorId: number;
  stashId: string;
}

/**
 * GET /api/extref/stashdb/link2actor/{actorId}/{stashId}: links the actor to a StashDB performer and merges
 * the performer's facts into it. The answered actor goes to every cache; its links load again.
 */
export function useLinkStashdbActor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actorId, stashId }: LinkStashdbActorVariables): Promise<Actor> =>
      apiCall('stashdbLinkActor', { params: { id: actorId, stashId }, query: LEAN_ACTOR }),
    onSuccess: (actor) => {
      updateActorInCaches(queryClient, actor);
      void queryClient.invalidateQueries({ queryKey: actorKeys.extrefs(actor.id) });
      void queryClient.invalidateQueries({ queryKey: actorKeys.akas(actor.id) });
    },
  });
}
