import { EmptyResponse } from '../common.schema';
import { ActorRuleSetList, GenericScrapeSiteParams } from '../actor-scraper.schema';
import { GenericScrapeSingleBody } from '../extref.schema';
import type { RouteSpec } from '../route-spec';

/**
 * The generic actor scraper (scraper-sites §7, xbvr-wire §8): one profile page of one actor, at once; the
 * profile pages of one site's actors, or every profile not scraped yet, as a background job.
 */
export const actorScraperRoutes = {
  genericScrapeSingle: {
    method: 'POST',
    path: '/api/extref/generic/scrape_single',
    body: GenericScrapeSingleBody,
    response: EmptyResponse,
  },
  genericScrapeBySite: {
    method: 'GET',
    path: '/api/extref/generic/scrape_by_site/{siteId}',
    params: GenericScrapeSiteParams,
    response: EmptyResponse,
  },
  genericRuleSets: {
    method: 'GET',
    path: '/api/extref/generic/rule_sets',
    response: ActorRuleSetList,
  },
  genericScrapeAll: {
    method: 'GET',
    path: '/api/extref/generic/scrape_all',
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
