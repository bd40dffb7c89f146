import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { LibraryRepository } from '../../repositories/library.repository';

export function libraryRoutes(deps: { library: LibraryRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    const { librarySummary } = apiRoutes;
    app.get(
      librarySummary.path,
      {
        schema: routeSchema(librarySummary, {
          tags: ['library'],
          summary: 'How many scenes, actors and files',
        }),
      },
      async () => deps.library.summary(),
    );
  };
}
