import { TIMEOUTS } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys } from '../query-keys';

/**
 * GET /api/extref/stashdb/run_all: starts linking the sites with scrape_stash on to StashDB. The server answers
 * at once; the run's progress and failures come over /ws/ (the scrape lock and service.log).
 */
export function useStashdbRunAll() {
  return useMutation({ mutationFn: () => apiCall('stashdbRunAll', {}) });
}

export interface RefreshStashdbPerformerVariables {
  actorId: number;
  performerId: string;
}

/**
 * GET /api/extref/stashdb/refresh_performer/{performerId}: pulls the performer from StashDB again and merges
 * it into the actors linked to it (the owner's edits stay). The actor and its links load again.
 */
export function useRefreshStashdbPerformer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ performerId }: RefreshStashdbPerformerVariables) =>
      apiCall('stashdbRefreshPerformer', {
        params: { performerId },
        timeoutMs: TIMEOUTS.stashdbSearch,
      }),
    onSuccess: (_answer, { actorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: actorKeys.detail(actorId) }),
        queryClient.invalidateQueries({ queryKey: actorKeys.extrefs(actorId) }),
        queryClient.invalidateQueries({ queryKey: actorKeys.lists }),
      ]),
  });
}
