import type { Actor, ActorColleaguesResponse, ActorListResponse } from '@fovea/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { actorKeys } from '../query-keys';

/**
 * The query that asks an actor call for the actor without its scenes: Fovea's screens read an actor's scenes
 * through the scene list, and a popular actor's scenes are megabytes.
 */
export const LEAN_ACTOR = { with_scenes: 'false' } as const;

type ActorListCache = ActorListResponse | InfiniteData<ActorListResponse>;

function isInfinite(data: ActorListCache): data is InfiniteData<ActorListResponse> {
  return 'pages' in data;
}

/** The page with `actor` in place of its entry (keeping the entry's own scenes), or the page itself. */
function replaceInPage(page: ActorListResponse, actor: Actor): ActorListResponse {
  if (!page.actors.some((item) => item.id === actor.id)) return page;
  return {
    ...page,
    actors: page.actors.map((item) => (item.id === actor.id ? { ...actor, scenes: item.scenes } : item)),
  };
}

/**
 * Puts an actor the server answered (or an optimistic copy) everywhere it is cached: its details and every
 * loaded page of every actor list (plain pages or infinite pages), and any colleagues list it appears in.
 * Actor mutations never change an actor's scenes, so every cached entry keeps the scenes it had: the list's
 * lean entries (with_scenes:false) stay lean and a details entry keeps its full scene list even when the copy
 * came from a lean card. Cards, details and the edit dialog therefore never disagree.
 */
export function updateActorInCaches(queryClient: QueryClient, actor: Actor): void {
  queryClient.setQueryData<Actor>(actorKeys.detail(actor.id), (current) =>
    current === undefined
      ? actor.scenes.length > 0
        ? actor
        : undefined
      : { ...actor, scenes: current.scenes },
  );
  queryClient.setQueriesData<ActorListCache>({ queryKey: actorKeys.lists }, (data) => {
    if (data === undefined) return data;
    if (isInfinite(data)) return { ...data, pages: data.pages.map((page) => replaceInPage(page, actor)) };
    return replaceInPage(data, actor);
  });
  queryClient.setQueriesData<ActorColleaguesResponse>({ queryKey: actorKeys.allColleagues }, (data) =>
    data?.some((item) => item.id === actor.id)
      ? data.map((item) =>
          item.id === actor.id ? { ...actor, scenes: item.scenes, shared_scenes: item.shared_scenes } : item,
        )
      : data,
  );
}

/** The actor as cached (details first, else any loaded list page), or undefined. */
export function cachedActor(queryClient: QueryClient, id: number): Actor | undefined {
  const detail = queryClient.getQueryData<Actor>(actorKeys.detail(id));
  if (detail !== undefined) return detail;
  for (const [, data] of queryClient.getQueriesData<ActorListCache>({ queryKey: actorKeys.lists })) {
    if (data === undefined) continue;
    const pages = isInfinite(data) ? data.pages : [data];
    for (const page of pages) {
      const found = page.actors.find((item) => item.id === id);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
