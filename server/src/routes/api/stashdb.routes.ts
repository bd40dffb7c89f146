import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { StashdbLinkService } from '../../services/stashdb-link.service';
import type { StashdbSceneSearchService } from '../../services/stashdb-scene-search.service';

const tags = ['external references', 'stashdb'];

/** StashDB scene search and the manual link of a scene to a StashDB scene (/api/extref/stashdb). */
export function stashdbRoutes(deps: {
  search: StashdbSceneSearchService;
  links: StashdbLinkService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { stashdbSceneSearch, stashdbLinkScene } = apiRoutes;

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
  };
}
