import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import { uncheckedJson } from '../../http/unchecked-json';
import type { SceneFiltersService } from '../../services/scene-filters.service';
import type { SceneListService } from '../../services/scene-list.service';

/** The scene list and its filter choices. */
export function sceneListRoutes(deps: {
  sceneList: SceneListService;
  sceneFilters: SceneFiltersService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { sceneList, sceneFilters } = apiRoutes;
    app.post(
      sceneList.path,
      {
        ...uncheckedJson,
        schema: routeSchema(sceneList, {
          tags: ['scenes'],
          summary: 'One page of scenes for a filter and sort, with the counts of every download state',
        }),
      },
      async (request) => deps.sceneList.list(request.body),
    );
    app.get(
      sceneFilters.path,
      {
        schema: routeSchema(sceneFilters, {
          tags: ['scenes'],
          summary:
            'The choices of the scene filters: cast, tags, sites, months, volumes, attributes, cuepoints',
        }),
      },
      async (request) => deps.sceneFilters.filters(request.query),
    );
  };
}
