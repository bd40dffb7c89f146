import type { ActorListRequestInput, ActorListResponse } from '@fovea/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../client';
import { actorKeys } from '../query-keys';

/** How long a fetched page counts as fresh (paging back and forth quickly asks once). */
const JUMP_PAGE_FRESH_MS = 5_000;

/** The body of one page: the request (without offset, limit and jumpTo) at an offset, `limit` actors. */
export function actorPageBody(
  request: ActorListRequestInput,
  offset: number,
  limit: number,
  jumpTo = '',
): ActorListRequestInput {
  return { ...request, jumpTo, offset, limit };
}

/**
 * One page of POST /api/actor/list: `request` (the filters and sort, without offset, limit and jumpTo) at
 * `offset`, `limit` actors. Another page or another request keeps the previous cards on screen until the new
 * ones arrive; entering the page asks again.
 */
export function useActorList(request: ActorListRequestInput, offset: number, limit: number) {
  return useQuery({
    queryKey: actorKeys.page(request, offset, limit),
    queryFn: ({ signal }) => apiCall('actorList', { body: actorPageBody(request, offset, limit), signal }),
    placeholderData: keepPreviousData,
    // Long enough for a page the jump strip just cached to show without a second call.
    staleTime: JUMP_PAGE_FRESH_MS,
    refetchOnMount: 'always',
  });
}

/**
 * The A-Z jump: asks for the page of `request` holding the first name from `letter` on (a group such as
 * "Q/R" jumps to its first letter present). The answer names that page's offset; it is cached as that page,
 * so showing it costs no second call. Resolves to the offset.
 */
export function useActorJump(): (
  request: ActorListRequestInput,
  letter: string,
  limit: number,
) => Promise<number> {
  const queryClient = useQueryClient();
  return useCallback(
    async (request, letter, limit) => {
      const answer: ActorListResponse = await apiCall('actorList', {
        body: actorPageBody(request, 0, limit, letter),
      });
      queryClient.setQueryData(actorKeys.page(request, answer.offset, limit), answer);
      return answer.offset;
    },
    [queryClient],
  );
}

/** Asks every page of `request` again (a route revisit): the shown page reloads, the others when shown. */
export function useActorListReload(request: ActorListRequestInput): () => void {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(actorKeys.list(request));
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: JSON.parse(keyText) as unknown[] });
  }, [queryClient, keyText]);
}
