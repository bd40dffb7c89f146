import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { SceneCuepointService } from '../../services/scene-cuepoint.service';

/** GET /api/options/cuepoints: the positions and actions the cuepoint editor offers. */
export function cuepointOptionsRoutes(deps: { cuepoints: SceneCuepointService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { cuepointOptions } = apiRoutes;
    app.get(
      cuepointOptions.path,
      {
        schema: routeSchema(cuepointOptions, {
          tags: ['options'],
          summary: 'Cuepoint vocabulary: positions and actions',
        }),
      },
      async () => deps.cuepoints.vocabulary(),
    );
  };
}
