import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { RescanRequests } from '../../scanner/rescan-requests';

/** /api/task: routes that start background work and answer at once. */
export function taskRoutes(deps: { queue: JobQueue; rescan: RescanRequests }): FastifyPluginAsyncZod {
  return async (app) => {
    const { sceneRefresh, rescanAll, rescanVolume, cancelJob } = apiRoutes;
    app.get(
      sceneRefresh.path,
      { schema: routeSchema(sceneRefresh, { tags: ['tasks'], summary: 'Recompute every scene status' }) },
      async () => {
        await deps.queue.enqueue('scene-refresh');
        return null;
      },
    );
    app.get(
      rescanAll.path,
      {
        schema: routeSchema(rescanAll, { tags: ['tasks'], summary: 'Rescan every enabled storage location' }),
      },
      async () => {
        await deps.rescan.all();
        return null;
      },
    );
    app.get(
      fastifyPath(rescanVolume.path),
      { schema: routeSchema(rescanVolume, { tags: ['tasks'], summary: 'Rescan one storage location' }) },
      async (request) => {
        await deps.rescan.volume(request.params.id);
        return null;
      },
    );
    app.post(
      fastifyPath(cancelJob.path),
      {
        schema: routeSchema(cancelJob, {
          tags: ['tasks'],
          summary: 'Cancel a queued or running job; answers with the job once it has stopped',
        }),
      },
      async (request) => deps.queue.cancel(request.params.id),
    );
  };
}
