import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../http/route-schema';
import type { CacheResetService } from './cache-reset.service';

/** DELETE /api/options/cache/reset/{images|previews|searchIndex}. */
export function cacheResetRoutes(deps: { cacheReset: CacheResetService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { cacheReset } = apiRoutes;
    app.delete(
      fastifyPath(cacheReset.path),
      {
        schema: routeSchema(cacheReset, {
          tags: ['options'],
          summary: 'Empty the images cache, the preview clips or the search index (then reindexed)',
        }),
      },
      async (request) => {
        await deps.cacheReset.reset(request.params.kind);
        return null;
      },
    );
  };
}
