import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { ReportedWatchService } from '../../services/reported-watch.service';

/** /api/scene/{id}/watch: the web player's play, pause, seek, progress and end reports (Fovea only). */
export function watchRoutes(deps: { watch: ReportedWatchService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Open sessions get their end and duration before the database closes.
    app.addHook('onClose', async () => deps.watch.stop());

    const route = apiRoutes.sceneWatch;
    app.post(
      fastifyPath(route.path),
      {
        schema: routeSchema(route, {
          tags: ['scenes'],
          summary:
            'Report a web player event; play starts a watch session, whose duration is the time actually ' +
            'played (pauses and jumps add nothing, at most the clip length). 404 unknown scene, 400 a file ' +
            'that is not its video.',
        }),
      },
      async (request) => deps.watch.report(request.params.id, request.body),
    );
  };
}
