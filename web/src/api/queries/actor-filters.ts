import { TIMEOUTS } from '@fovea/contract';
import type { ActorFiltersResponse } from '@fovea/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys } from '../query-keys';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/**
 * GET /api/actor/filters: the actor sidebar's choices (cast names with the "aka:" groups, sites, attributes).
 * Kept for minutes; aka group changes invalidate it.
 */
export function useActorFilterOptions() {
  return useQuery({
    queryKey: actorKeys.filters,
    queryFn: ({ signal }): Promise<ActorFiltersResponse> =>
      apiCall('actorFilters', { signal, timeoutMs: TIMEOUTS.sceneFilters }),
    staleTime: FIVE_MINUTES_MS,
    gcTime: FIVE_MINUTES_MS * 2,
  });
}
