import { z } from 'zod';
import { defineJob } from '../jobs/job-definition';
import type { ActorScrapeService } from './actor-scrape.service';

/** `pending`: every profile not scraped yet (scrape_all); `site`: one site's actors, overwriting. */
export const ActorScrapePayload = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('pending') }).strict(),
  z.object({ mode: z.literal('site'), siteId: z.string().min(1).max(64) }).strict(),
]);
export type ActorScrapePayload = z.infer<typeof ActorScrapePayload>;

/**
 * GET /api/extref/generic/scrape_all and scrape_by_site/{siteId}: actor profile pages read in the background,
 * under the `scrape` lock (after or before scene scrapes, never beside them); progress on the Data line.
 */
export function actorScrapeJob(service: ActorScrapeService) {
  return defineJob({
    name: 'actor-scrape',
    lock: 'scrape',
    task: 'scrape',
    payload: ActorScrapePayload,
    async run({ payload, progress, signal }) {
      if (payload.mode === 'site') await service.scrapeSite(payload.siteId, progress, signal);
      else await service.scrapePending(progress, signal);
    },
  });
}
