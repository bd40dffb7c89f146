import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema';
import type { JobDefinition } from '../jobs/job-definition';
import type { JobQueue } from '../jobs/job-queue';
import { StashdbActorRepository } from '../repositories/stashdb-actor.repository';
import type { OptionsService } from '../services/options.service';
import { stashdbRunJob } from '../stashdb-run/stashdb-run.job';
import { StashdbRunRepository } from '../stashdb-run/stashdb-run.repository';
import { stashdbRunRoutes } from '../stashdb-run/stashdb-run.routes';
import { StashdbRunService } from '../stashdb-run/stashdb-run.service';
import type { StashdbClient } from '../stashdb/stashdb.client';

/** The StashDB linking run of the scrape_stash sites: its job joins the queue, its route starts it. */
export function createStashdbRunArea(deps: {
  db: Database;
  client: StashdbClient;
  options: OptionsService;
}): {
  job: JobDefinition;
  register(http: FastifyInstance, queue: JobQueue): Promise<void>;
} {
  const service = new StashdbRunService({
    client: deps.client,
    repo: new StashdbRunRepository(deps.db),
    actors: new StashdbActorRepository(deps.db),
    options: deps.options,
  });
  return {
    job: stashdbRunJob(service),
    async register(http, queue) {
      await http.register(stashdbRunRoutes({ service, queue }));
    },
  };
}
