import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { shapeOf } from '../../http/actor-shape';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { StashdbActorLinkService } from '../../services/stashdb-actor-link.service';
import type { StashdbActorSearchService } from '../../services/stashdb-actor-search.service';
import type { StashdbLinkService } from '../../services/stashdb-link.service';
import type { StashdbSceneSearchService } from '../../services/stashdb-scene-search.service';

const tags = ['external references', 'stashdb'];

/**
 * StashDB scene and performer searches, the manual links of a scene or an actor, and the refresh of a
 * performer's facts (/api/extref/stashdb).
 */
export function stashdbRoutes(deps: {
  search: StashdbSceneSearchService;
  links: StashdbLinkService;
  actorSearch: StashdbActorSearchService;
  actorLinks: StashdbActorLinkService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const {
      stashdbSceneSearch,
      stashdbLinkScene,
      stashdbActorSearch,
      stashdbLinkActor,
      stashdbRefreshPerformer,
    } = apiRoutes;

    app.get(
      fastifyPath(stashdbSceneSearch.path),
      {
        schema: routeSchema(stashdbSceneSearch, {
          tags,
          summary:
            'StashDB scenes that may be this scene, heaviest Weight first (a StashDB id or URL in q: that scene, 10000). A non-empty Status is a warning (no API key, StashDB unreachable); 404 for an unknown scene',
        }),
      },
      async (request) => deps.search.search(request.params.id, request.query.q),
    );

    app.get(
      fastifyPath(stashdbLinkScene.path),
      {
        schema: routeSchema(stashdbLinkScene, {
          tags: ['scenes', ...tags],
          summary:
            'Link a scene to a StashDB scene by hand (and its cast to their performers); answers the scene. 400 without an API key, 404 when either scene is unknown, 502 when StashDB fails',
        }),
      },
      async (request) => deps.links.link(request.params.id, request.params.stashId),
    );

    app.get(
      fastifyPath(stashdbActorSearch.path),
      {
        schema: routeSchema(stashdbActorSearch, {
          tags: ['actors', ...tags],
          summary:
            'StashDB performers that may be this actor, heaviest Weight first (a StashDB performer id or URL in q: that performer, 10000). A non-empty Status is a warning (no API key, StashDB unreachable); 404 for an unknown actor',
        }),
      },
      async (request) => deps.actorSearch.search(request.params.id, request.query.q),
    );

    app.get(
      fastifyPath(stashdbLinkActor.path),
      {
        schema: routeSchema(stashdbLinkActor, {
          tags: ['actors', ...tags],
          summary:
            "Link an actor to a StashDB performer by hand (match type 90) and merge the performer's facts into it, skipping the fields the owner edited; answers the actor. 400 without an API key, 404 when either is unknown, 502 when StashDB fails",
        }),
      },
      async (request) =>
        deps.actorLinks.link(request.params.id, request.params.stashId, shapeOf(request.query)),
    );

    app.get(
      fastifyPath(stashdbRefreshPerformer.path),
      {
        schema: routeSchema(stashdbRefreshPerformer, {
          tags: ['actors', ...tags],
          summary:
            'Pull a StashDB performer again and merge it into every actor linked to it (fields the owner edited are skipped). 400 without an API key, 404 when no actor is linked to it or StashDB has none, 502 when StashDB fails',
        }),
      },
      async (request) => {
        await deps.actorLinks.refresh(request.params.performerId);
        return null;
      },
    );
  };
}
