import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../http/route-schema';
import type { JobQueue } from '../jobs/job-queue';
import type { StashdbRunService } from './stashdb-run.service';

/** GET /api/extref/stashdb/run_all: queues the StashDB linking run and answers at once. */
export function stashdbRunRoutes(deps: {
  service: StashdbRunService;
  queue: Pick<JobQueue, 'enqueue'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { stashdbRunAll } = apiRoutes;
    app.get(
      stashdbRunAll.path,
      {
        schema: routeSchema(stashdbRunAll, {
          tags: ['external references', 'stashdb'],
          summary:
            'Start linking the scenes of every site with scrape_stash on to their StashDB studio (a job under the scrape lock; progress and failures over /ws/). 400 without an API key',
        }),
      },
      async () => {
        deps.service.apiKey();
        await deps.queue.enqueue('stashdb-run');
        return null;
      },
    );
  };
}
