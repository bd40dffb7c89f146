import { z } from 'zod';
import { defineJob } from '../jobs/job-definition';
import type { AlternateLinker } from './alternate-linker.service';

/**
 * GET /api/task/relink_alt_aource_scenes: links the alternate-site scenes (AlternateLinker) under the
 * `scrape` lock, so it never runs beside a scrape that is still writing them; the Data line follows it.
 */
export function alternateRelinkJob(linker: AlternateLinker) {
  return defineJob({
    name: 'alternate-relink',
    lock: 'scrape',
    task: 'scrape',
    payload: z.object({}).strict(),
    async run({ progress, signal }) {
      await linker.run(progress, signal);
    },
  });
}
