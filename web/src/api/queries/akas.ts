import type { Aka, AkaResponse } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys, sceneKeys } from '../query-keys';

/*
 * Aka group calls of the actor sidebar and the scene cast filter (xbvr-wire §4.1). Create, add and remove
 * answer {status, akas}: a non-empty status is a warning (or "Error: ..." when nothing changed, then akas is a
 * zero group). Each one changes actors, their counts, the cast choices and which scenes an "aka:..." entry
 * matches, so every actor query, the scene filter choices and the scene lists are refreshed.
 */

function useRefreshAfterAkaChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: actorKeys.all }),
      queryClient.invalidateQueries({ queryKey: sceneKeys.filters }),
      queryClient.invalidateQueries({ queryKey: sceneKeys.lists }),
    ]);
}

/** POST /api/aka/create: a group of two or more actors (names). Answers 404 when a named actor is gone. */
export function useCreateAka() {
  const refresh = useRefreshAfterAkaChange();
  return useMutation({
    mutationFn: (actorList: string[]): Promise<AkaResponse> => apiCall('akaCreate', { body: { actorList } }),
    onSettled: refresh,
  });
}

/** POST /api/aka/add: the group's "aka:..." name, then the actors to add. */
export function useAddToAka() {
  const refresh = useRefreshAfterAkaChange();
  return useMutation({
    mutationFn: ({ group, actors }: { group: string; actors: string[] }): Promise<AkaResponse> =>
      apiCall('akaAdd', { body: { actorList: [group, ...actors] } }),
    onSettled: refresh,
  });
}

/** POST /api/aka/remove: the group's "aka:..." name, then the actors to take out of it. */
export function useRemoveFromAka() {
  const refresh = useRefreshAfterAkaChange();
  return useMutation({
    mutationFn: ({ group, actors }: { group: string; actors: string[] }): Promise<AkaResponse> =>
      apiCall('akaRemove', { body: { actorList: [group, ...actors] } }),
    onSettled: refresh,
  });
}

/** POST /api/aka/delete: the group by its "aka:..." name. Answers the deleted group. */
export function useDeleteAka() {
  const refresh = useRefreshAfterAkaChange();
  return useMutation({
    mutationFn: (name: string): Promise<Aka> => apiCall('akaDelete', { body: { name } }),
    onSettled: refresh,
  });
}
