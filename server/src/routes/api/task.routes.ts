import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { JobQueue } from '../../jobs/job-queue';

/** /api/task: routes that start background work and answer at once. */
export function taskRoutes(deps: { queue: JobQueue }): FastifyPluginAsyncZod {
  return async (app) => {
    const { sceneRefresh } = apiRoutes;
    app.get(
      sceneRefresh.path,
      { schema: routeSchema(sceneRefresh, { tags: ['tasks'], summary: 'Recompute every scene status' }) },
      async () => {
        await deps.queue.enqueue('scene-refresh');
        return null;
      },
    );
  };
}
