import { z } from 'zod';
import type { ScrapeRunner } from '../../scrapers/run/scrape-runner';
import { defineJob } from '../job-definition';

/** `_enabled`, `_all` or a site id (GET /api/task/scrape?site=). */
export const ScrapePayload = z.object({ site: z.string().min(1).max(64) }).strict();

/** GET /api/task/scrape: walks the chosen sites under the `scrape` lock; the navbar's Data line follows it. */
export function scrapeJob(runner: ScrapeRunner) {
  return defineJob({
    name: 'scrape',
    lock: 'scrape',
    task: 'scrape',
    payload: ScrapePayload,
    async run({ payload, progress, logger, signal }) {
      await runner.run(payload.site, progress, logger, signal);
    },
  });
}
