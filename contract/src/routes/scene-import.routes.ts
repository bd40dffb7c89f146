import { EmptyResponse } from '../common.schema';
import type { RouteSpec } from '../route-spec';
import { ScrapeJavrBody, ScrapeTpdbBody } from '../task.schema';

/**
 * Scene imports from metadata sources that are not studio sites (options-spec §2 Create/Import scene,
 * xbvr-wire §7): each starts a background job and answers 200 with an empty body; progress and errors come
 * over the websocket (job.progress, service.log).
 */
export const sceneImportRoutes = {
  /** JAV scenes by DVD id from one of the four JAV sources (`s`), the ids comma-separated in `q`. */
  scrapeJavr: {
    method: 'POST',
    path: '/api/task/scrape-javr',
    body: ScrapeJavrBody,
    response: EmptyResponse,
  },
  /** One ThePornDB scene (or JAV entry) by its URL, with the API token ("set" = the stored one). */
  scrapeTpdb: {
    method: 'POST',
    path: '/api/task/scrape-tpdb',
    body: ScrapeTpdbBody,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
