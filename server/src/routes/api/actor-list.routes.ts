import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import { uncheckedJson } from '../../http/unchecked-json';
import type { ActorListFiltersService } from '../../services/actor-list-filters.service';
import type { ActorListService } from '../../services/actor-list.service';

/** The actor list and its filter choices. */
export function actorListRoutes(deps: {
  actorList: ActorListService;
  actorFilters: ActorListFiltersService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { actorList, actorFilters } = apiRoutes;
    app.post(
      actorList.path,
      {
        ...uncheckedJson,
        schema: routeSchema(actorList, {
          tags: ['actors'],
          summary: 'One page of actors for a filter and sort (or the page a jumpTo letter starts on)',
        }),
      },
      async (request) => deps.actorList.list(request.body),
    );
    app.get(
      actorFilters.path,
      {
        ...uncheckedJson,
        schema: routeSchema(actorFilters, {
          tags: ['actors'],
          summary: 'The choices of the actor filters: cast, sites and attributes',
        }),
      },
      async () => deps.actorFilters.filters(),
    );
  };
}
