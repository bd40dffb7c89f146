import { EmptyResponse } from '../common.schema';
import { CollectorConfigList, DeleteCollectorConfigBody, SaveCollectorConfigBody } from '../collector.schema';
import {
  DefinitionInfoList,
  ScrapeRunList,
  ScrapeRunsQuery,
  SingleSceneRouteList,
  SiteHealthList,
} from '../scraper.schema';
import { EmptyBody, ScraperIdBody, SiteList } from '../site.schema';
import { ScrapeQuery, SingleScrapeBody, SingleScrapeResponse } from '../task.schema';
import type { RouteSpec } from '../route-spec';
import { z } from 'zod';

const SiteIdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Sites, scrapes and collector configs (options-spec §7, xbvr-wire §7, §10, §11.3), plus Fovea's scraper
 * health and definition calls under /api/scrapers.
 */
export const scraperRoutes = {
  siteList: { method: 'GET', path: '/api/options/sites', response: SiteList },
  toggleSiteEnabled: {
    method: 'PUT',
    path: '/api/options/sites/{id}',
    params: SiteIdParams,
    body: EmptyBody,
    response: SiteList,
  },
  toggleSiteSubscribed: {
    method: 'PUT',
    path: '/api/options/sites/subscribed/{id}',
    params: SiteIdParams,
    body: EmptyBody,
    response: SiteList,
  },
  toggleSiteLimitScraping: {
    method: 'PUT',
    path: '/api/options/sites/limit_scraping/{id}',
    params: SiteIdParams,
    body: EmptyBody,
    response: SiteList,
  },
  toggleSiteScrapeStash: {
    method: 'PUT',
    path: '/api/options/sites/scrape_stash/{id}',
    params: SiteIdParams,
    body: EmptyBody,
    response: SiteList,
  },
  forceSiteUpdate: {
    method: 'POST',
    path: '/api/options/scraper/force-site-update',
    body: ScraperIdBody,
    response: EmptyResponse,
  },
  deleteSiteScenes: {
    method: 'POST',
    path: '/api/options/scraper/delete-scenes',
    body: ScraperIdBody,
    response: EmptyResponse,
  },
  startScrape: { method: 'GET', path: '/api/task/scrape', query: ScrapeQuery, response: EmptyResponse },
  singleScrape: {
    method: 'POST',
    path: '/api/task/singlescrape',
    body: SingleScrapeBody,
    response: SingleScrapeResponse,
  },
  collectorConfigList: {
    method: 'GET',
    path: '/api/options/collector-config-list',
    response: CollectorConfigList,
  },
  saveCollectorConfig: {
    method: 'POST',
    path: '/api/options/save-collector-config',
    body: SaveCollectorConfigBody,
    response: EmptyResponse,
  },
  deleteCollectorConfig: {
    method: 'DELETE',
    path: '/api/options/delete-collector-config',
    body: DeleteCollectorConfigBody,
    response: EmptyResponse,
  },
  // ---- Fovea extras ----
  scraperHealth: { method: 'GET', path: '/api/scrapers/sites', response: SiteHealthList },
  scrapeRuns: { method: 'GET', path: '/api/scrapers/runs', query: ScrapeRunsQuery, response: ScrapeRunList },
  scraperDefinitions: { method: 'GET', path: '/api/scrapers/definitions', response: DefinitionInfoList },
  reloadScraperDefinitions: {
    method: 'POST',
    path: '/api/scrapers/definitions/reload',
    body: EmptyBody,
    response: DefinitionInfoList,
  },
  singleSceneRoutes: { method: 'GET', path: '/api/scrapers/single-scene', response: SingleSceneRouteList },
} as const satisfies Record<string, RouteSpec>;
