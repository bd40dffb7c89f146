import { NumericIdParam } from '../common.schema';
import { Job } from '../job.schema';
import type { RouteSpec } from '../route-spec';

/** Fovea's own job calls (not in xbvr-wire): the reference has no way to stop a task. */
export const jobRoutes = {
  /**
   * Stops a queued or running job (rescan, previews, scrape, index, …) at its next safe point and answers with
   * the job once it has ended; a job that had already ended is answered as it is.
   */
  cancelJob: {
    method: 'POST',
    path: '/api/task/cancel/{id}',
    params: NumericIdParam,
    response: Job,
  },
} as const satisfies Record<string, RouteSpec>;
