import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import { uncheckedJson } from '../../http/unchecked-json';
import type { JobQueue } from '../../jobs/job-queue';
import type { SearchService } from '../../services/search.service';

export interface SearchRoutesDeps {
  search: SearchService;
  queue: JobQueue;
}

/** Scene search, the indexed fields of a scene, the reindex task and the index state. */
export function searchRoutes(deps: SearchRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { sceneSearch, sceneSearchFields, searchIndexTask, searchIndexState } = apiRoutes;

    app.get(
      sceneSearch.path,
      {
        ...uncheckedJson,
        schema: routeSchema(sceneSearch, {
          tags: ['scenes'],
          summary: 'Search scenes by query string, URL or file name (25 best, each with _score)',
        }),
      },
      async (request) => deps.search.search(request.query.q),
    );

    app.get(
      sceneSearchFields.path,
      {
        schema: routeSchema(sceneSearchFields, {
          tags: ['scenes'],
          summary: 'The search fields of a scene as indexed',
        }),
      },
      async (request) => deps.search.fields(request.query.q),
    );

    app.get(
      searchIndexTask.path,
      { schema: routeSchema(searchIndexTask, { tags: ['tasks'], summary: 'Rebuild the search index' }) },
      async () => {
        await deps.queue.enqueue('search-index');
        return null;
      },
    );

    app.get(
      searchIndexState.path,
      {
        schema: routeSchema(searchIndexState, {
          tags: ['options'],
          summary: 'Search index documents and whether indexing is in progress',
        }),
      },
      async () => deps.search.state(),
    );
  };
}
