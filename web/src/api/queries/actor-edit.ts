import type { Actor, RouteBody } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys } from '../query-keys';
import { LEAN_ACTOR, updateActorInCaches } from './actor-cache';

export interface ActorEditVariables {
  id: number;
  /** Only the changed fields; undefined or empty = no edit call. */
  body?: RouteBody<'actorEdit'>;
  /** The new main image; undefined = unchanged, '' = none (the current main image is removed). */
  mainImage?: string;
  /** The main image the actor had (needed to remove it when `mainImage` is ''). */
  previousMainImage?: string;
  /** The URLs of the actor's external references when they changed; undefined = unchanged. */
  profiles?: string[];
}

/**
 * Saves the actor edit dialog: POST /api/actor/edit/{id} with the changed fields, then the main image
 * (POST /api/actor/setimage, or DELETE /api/actor/delimage to drop it), then the external references
 * (POST /api/actor/edit_extrefs/{id}, answer into actorKeys.extrefs). Every answered actor goes through
 * updateActorInCaches, so cards, details and the dialog agree; the filter choices (nationality, hair colour...)
 * are read again. Answers the last actor the server gave (undefined when nothing was sent).
 */
export function useEditActor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      mainImage,
      previousMainImage,
      profiles,
    }: ActorEditVariables): Promise<Actor | undefined> => {
      let actor: Actor | undefined;
      if (body !== undefined && Object.keys(body).length > 0) {
        actor = await apiCall('actorEdit', { params: { id }, query: LEAN_ACTOR, body });
        updateActorInCaches(queryClient, actor);
      }
      if (mainImage !== undefined && mainImage !== '') {
        actor = await apiCall('actorSetImage', { query: LEAN_ACTOR, body: { actor_id: id, url: mainImage } });
        updateActorInCaches(queryClient, actor);
      } else if (mainImage === '' && previousMainImage !== undefined && previousMainImage !== '') {
        actor = await apiCall('actorDeleteImage', {
          query: LEAN_ACTOR,
          body: { actor_id: id, url: previousMainImage },
        });
        updateActorInCaches(queryClient, actor);
      }
      if (profiles !== undefined) {
        const links = await apiCall('actorEditExtrefs', { params: { id }, body: profiles });
        queryClient.setQueryData(actorKeys.extrefs(id), links);
        // A StashDB link made or dropped changes the actor's possible akas.
        void queryClient.invalidateQueries({ queryKey: actorKeys.akas(id) });
      }
      return actor;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: actorKeys.filters });
    },
  });
}
