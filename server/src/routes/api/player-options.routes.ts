import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { PlayerOptionsService } from '../../services/player-options.service';

/** PUT /api/options/interface/deovr: the players' options (DeoVR, HereSphere, file sort sequences). */
export function playerOptionsRoutes(deps: { playerOptions: PlayerOptionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { saveDeovrOptions } = apiRoutes;
    app.put(
      saveDeovrOptions.path,
      {
        schema: routeSchema(saveDeovrOptions, {
          tags: ['options'],
          summary: 'Save the players options (DeoVR, HereSphere, file sort sequences)',
        }),
      },
      async (request) => deps.playerOptions.save(request.body),
    );
  };
}
