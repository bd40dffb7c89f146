import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { DlnaOptionsService } from '../../services/dlna-options.service';

/** PUT /api/options/interface/dlna (Options → DLNA). */
export function dlnaOptionsRoutes(deps: { dlnaOptions: DlnaOptionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { saveDlnaOptions } = apiRoutes;
    app.put(
      saveDlnaOptions.path,
      {
        schema: routeSchema(saveDlnaOptions, {
          tags: ['options'],
          summary: 'Save the DLNA options (restarts or stops the DLNA server)',
        }),
      },
      async (request) => deps.dlnaOptions.save(request.body),
    );
  };
}
