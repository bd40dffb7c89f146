import type {
  Actor,
  ActorAkasResponse,
  ActorColleaguesResponse,
  ActorToggleList,
  ExternalReferenceLinkList,
} from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyDanger } from '../../components/notify';
import { apiCall } from '../client';
import { actorKeys, sceneKeys } from '../query-keys';
import { LEAN_ACTOR, cachedActor, updateActorInCaches } from './actor-cache';

/**
 * GET /api/actor/{id} by numeric id, kept in actorKeys.detail(id). An actor already loaded (a list card, an
 * earlier visit) shows at once and is read again in the background. Answers null for the zero actor (id 0) the
 * server gives for an unknown id.
 */
export function useActor(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: actorKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Actor | null> => {
      const actor = await apiCall('actorGet', { params: { id: String(id) }, query: LEAN_ACTOR, signal });
      return actor.id === 0 ? null : actor;
    },
    enabled: id !== null && id > 0,
    initialData: () => (id === null ? undefined : cachedActor(queryClient, id)),
    // A card's copy has no scenes and may be older: it is shown at once but read again.
    initialDataUpdatedAt: 0,
  });
}

/** GET /api/actor/akas/{id}: the actor's aka groups, their members and possible akas. */
export function useActorAkas(id: number, enabled = true) {
  return useQuery({
    queryKey: actorKeys.akas(id),
    queryFn: ({ signal }): Promise<ActorAkasResponse> => apiCall('actorAkas', { params: { id }, signal }),
    enabled: enabled && id > 0,
  });
}

/** GET /api/actor/colleagues/{id}: co-stars, most shared scenes first. */
export function useActorColleagues(id: number, enabled = true) {
  return useQuery({
    queryKey: actorKeys.colleagues(id),
    queryFn: ({ signal }): Promise<ActorColleaguesResponse> =>
      apiCall('actorColleagues', { params: { id }, query: LEAN_ACTOR, signal }),
    enabled: enabled && id > 0,
  });
}

/** GET /api/actor/extrefs/{id}: the actor's external references (StashDB performer, scraper pages). */
export function useActorExtrefs(id: number, enabled = true) {
  return useQuery({
    queryKey: actorKeys.extrefs(id),
    queryFn: ({ signal }): Promise<ExternalReferenceLinkList> =>
      apiCall('actorExtrefs', { params: { id }, signal }),
    enabled: enabled && id > 0,
  });
}

/** The actor as cached now, else as the caller had it. */
const currentActor = (queryClient: QueryClient, actor: Actor): Actor =>
  cachedActor(queryClient, actor.id) ?? actor;

/** The actor with one list flag flipped. */
export function flipActorFlag(actor: Actor, list: ActorToggleList): Actor {
  const flipped: Actor = { ...actor };
  flipped[list] = !actor[list];
  return flipped;
}

export interface ToggleActorFlagVariables {
  actor: Actor;
  list: ActorToggleList;
}

/**
 * POST /api/actor/toggle (favourite, watchlist, needs_update). The flag flips at once in every cache (cards and
 * details agree), then the call is sent. The server flips too, so a refused call flips the flag back on the
 * actor as it is then (right even after quick repeated clicks) and shows a danger toast.
 */
export function useToggleActorFlag() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation<unknown, Error, ToggleActorFlagVariables>({
    mutationKey: ['actor-flags', 'toggle'],
    mutationFn: ({ actor, list }) => apiCall('actorToggle', { body: { actor_id: actor.id, list } }),
    onMutate: async ({ actor, list }) => {
      updateActorInCaches(queryClient, flipActorFlag(currentActor(queryClient, actor), list));
      // A details fetch already under way would answer the old flag.
      await queryClient.cancelQueries({ queryKey: actorKeys.detail(actor.id), exact: true });
    },
    onError: (_error, { actor, list }) => {
      updateActorInCaches(queryClient, flipActorFlag(currentActor(queryClient, actor), list));
      notifyDanger(t('actorDetails.toggleFailed', { name: actor.name }));
    },
  });
}

/** Per actor: rating calls in flight, the newest one sent, and the rating the newest confirmed call gave. */
interface RateWrites {
  pending: number;
  token: number;
  confirmedToken: number;
  confirmedRating: number;
}

const rateWrites = new WeakMap<QueryClient, Map<number, RateWrites>>();

function startRate(queryClient: QueryClient, actor: Actor): { writes: RateWrites; token: number } {
  let byActor = rateWrites.get(queryClient);
  if (byActor === undefined) {
    byActor = new Map();
    rateWrites.set(queryClient, byActor);
  }
  let writes = byActor.get(actor.id);
  if (writes === undefined) {
    writes = { pending: 0, token: 0, confirmedToken: 0, confirmedRating: actor.star_rating };
    byActor.set(actor.id, writes);
  }
  writes.pending += 1;
  writes.token += 1;
  return { writes, token: writes.token };
}

/** Ends one rating call; the last one puts the newest confirmed rating (on the server's actor if answered). */
function finishRate(queryClient: QueryClient, actorId: number, answer: Actor | null): void {
  const byActor = rateWrites.get(queryClient);
  const writes = byActor?.get(actorId);
  if (byActor === undefined || writes === undefined) return;
  writes.pending -= 1;
  if (writes.pending > 0) return;
  byActor.delete(actorId);
  const base = answer ?? cachedActor(queryClient, actorId);
  if (base !== undefined) updateActorInCaches(queryClient, { ...base, star_rating: writes.confirmedRating });
}

export interface RateActorVariables {
  actor: Actor;
  /** 0 resets. */
  rating: number;
}

/**
 * POST /api/actor/rate/{id}. The rating shows at once everywhere; when the last call in flight settles the
 * actor shows the newest rating the server confirmed, so a refused call rolls back (with a danger toast) and
 * the newest of several quick ratings wins.
 */
export function useRateActor() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation<Actor, Error, RateActorVariables, { token: number }>({
    mutationKey: ['actor-flags', 'rate'],
    mutationFn: ({ actor, rating }) =>
      apiCall('actorRate', { params: { id: actor.id }, query: LEAN_ACTOR, body: { rating } }),
    onMutate: async ({ actor, rating }) => {
      const base = currentActor(queryClient, actor);
      const { token } = startRate(queryClient, base);
      updateActorInCaches(queryClient, { ...base, star_rating: rating });
      await queryClient.cancelQueries({ queryKey: actorKeys.detail(actor.id), exact: true });
      return { token };
    },
    onSuccess: (answer, { actor }, context) => {
      const writes = rateWrites.get(queryClient)?.get(actor.id);
      if (writes !== undefined && context.token > writes.confirmedToken) {
        writes.confirmedToken = context.token;
        writes.confirmedRating = answer.star_rating;
      }
      finishRate(queryClient, actor.id, answer);
    },
    onError: (_error, { actor }) => {
      finishRate(queryClient, actor.id, null);
      notifyDanger(t('actorDetails.rateFailed', { name: actor.name }));
    },
  });
}

/** An image call; the answered actor goes into every cache (the cards show the new main image). */
function useActorImageMutation(route: 'actorSetImage' | 'actorDeleteImage') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actorId, url }: { actorId: number; url: string }) =>
      apiCall(route, { query: LEAN_ACTOR, body: { actor_id: actorId, url } }),
    onSuccess: (actor) => updateActorInCaches(queryClient, actor),
  });
}

/** POST /api/actor/setimage: makes one of the actor's images the main one. */
export const useSetActorImage = () => useActorImageMutation('actorSetImage');

/** DELETE /api/actor/delimage: removes one image from the actor's images. */
export const useDeleteActorImage = () => useActorImageMutation('actorDeleteImage');

/**
 * DELETE /api/actor/delete/{id}. Afterwards the actor's details are dropped and every actor list, filter list,
 * colleagues and akas answer is read again (the scenes' casts too).
 */
export function useDeleteActor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actorId: number) => apiCall('actorDelete', { params: { id: actorId } }),
    onSuccess: (_answer, actorId) => {
      queryClient.removeQueries({ queryKey: actorKeys.detail(actorId), exact: true });
      // Everything about actors but the country list, which never changes.
      void queryClient.invalidateQueries({
        queryKey: actorKeys.all,
        predicate: (query) => query.queryKey[1] !== 'countries',
      });
      void queryClient.invalidateQueries({ queryKey: sceneKeys.all });
    },
  });
}
