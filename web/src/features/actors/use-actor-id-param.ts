import type { Actor } from '@fovea/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { apiCall } from '../../api/client';
import { LEAN_ACTOR } from '../../api/queries/actor-cache';
import { actorKeys } from '../../api/query-keys';
import { useActorDetails } from '../actor-details/actor-details-context';
import { ACTOR_ID_PARAM } from './actor-filter-model';

/** The actor id an `actor_id` parameter names, or null when absent or not a positive whole number. */
export function linkedActorId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The route's `actor_id` and the actor details overlay (library-spec §2): entering the route (or a link) with
 * `actor_id` fetches that actor and opens its details (nothing opens for an unknown id, and the parameter is
 * dropped); while details are open over the list the parameter names the actor shown (following O/P), and it
 * goes when they close. Both changes replace the history entry, so Back leaves the list as before.
 */
export function useActorIdParam(pageIds: readonly number[]): void {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const details = useActorDetails();
  const queryClient = useQueryClient();
  const linked = linkedActorId(params.get(ACTOR_ID_PARAM));
  const handled = useRef<string | null>(null);
  const wasOpen = useRef(false);
  const latest = useRef({ pageIds, details });
  useEffect(() => {
    latest.current = { pageIds, details };
  });

  const currentId = details.currentId;
  useEffect(() => {
    if (handled.current === location.key) return;
    handled.current = location.key;
    if (linked === null || linked === currentId) return;
    void queryClient
      .fetchQuery({
        queryKey: actorKeys.detail(linked),
        queryFn: ({ signal }): Promise<Actor> =>
          apiCall('actorGet', { params: { id: String(linked) }, query: LEAN_ACTOR, signal }),
      })
      .then(
        (actor) => {
          const { pageIds: ids, details: api } = latest.current;
          if (actor.id === 0) {
            setParams(withoutActorId, { replace: true });
            return;
          }
          api.open(actor.id, ids.includes(actor.id) ? { siblings: ids } : undefined);
        },
        () => setParams(withoutActorId, { replace: true }),
      );
  }, [location.key, linked, currentId, queryClient, setParams]);

  useEffect(() => {
    if (currentId !== null) {
      wasOpen.current = true;
      if (linked !== currentId) {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set(ACTOR_ID_PARAM, String(currentId));
            return next;
          },
          { replace: true },
        );
      }
    } else if (wasOpen.current) {
      wasOpen.current = false;
      if (linked !== null) setParams(withoutActorId, { replace: true });
    }
  }, [currentId, linked, setParams]);
}

function withoutActorId(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(ACTOR_ID_PARAM);
  return next;
}
