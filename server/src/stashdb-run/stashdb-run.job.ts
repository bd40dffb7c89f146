import { z } from 'zod';
import { defineJob } from '../jobs/job-definition';
import type { StashdbRunService } from './stashdb-run.service';

/**
 * The StashDB linking run of the sites with scrape_stash on (GET /api/extref/stashdb/run_all). It holds the
 * scrape lock, as the reference runs it, so it never overlaps a scrape.
 */
export function stashdbRunJob(service: StashdbRunService) {
  return defineJob({
    name: 'stashdb-run',
    lock: 'scrape',
    task: 'scrape',
    payload: z.object({}).strict(),
    run: ({ progress, signal }) => service.run(progress, signal),
  });
}
