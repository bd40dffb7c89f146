import { z } from 'zod';
import { EmptyResponse } from '../common.schema';
import {
  DeleteExtrefSourceBody,
  DeleteExtrefSourceLinksBody,
  DeleteLinksMode,
  ScrapeCreateAlternateBody,
} from '../extref.schema';
import { ShortText } from '../fields.schema';
import type { RouteSpec } from '../route-spec';
import { Scene } from '../scene.schema';
import { SaveMatchParamsBody, SiteMatchParams } from '../site.schema';

/** `{site}`: the id of an alternate site. */
export const MatchParamsSiteParam = z.object({ site: ShortText.min(1) });

/**
 * Alternate sites (sites with a master site): their match parameters, the relink task, the deletion of their
 * references and links (options-spec §7, xbvr-wire §8 and §10), and Fovea's Scrape & Create Scene.
 */
export const alternateSiteRoutes = {
  siteMatchParams: {
    method: 'GET',
    path: '/api/options/site/match_params/{site}',
    params: MatchParamsSiteParam,
    response: SiteMatchParams,
  },
  saveSiteMatchParams: {
    method: 'POST',
    path: '/api/options/site/save_match_params',
    body: SaveMatchParamsBody,
    response: EmptyResponse,
  },
  relinkAlternateSources: {
    method: 'GET',
    path: '/api/task/relink_alt_aource_scenes',
    response: EmptyResponse,
  },
  deleteExtrefSource: {
    method: 'DELETE',
    path: '/api/extref/delete_extref_source',
    body: DeleteExtrefSourceBody,
    response: EmptyResponse,
  },
  deleteExtrefSourceLinks: {
    method: 'DELETE',
    path: '/api/extref/delete_extref_source_links/{mode}',
    params: z.object({ mode: DeleteLinksMode }),
    body: DeleteExtrefSourceLinksBody,
    response: EmptyResponse,
  },
  scrapeCreateAlternate: {
    method: 'POST',
    path: '/api/extref/alternate_source/scrape_create',
    body: ScrapeCreateAlternateBody,
    response: Scene,
  },
} as const satisfies Record<string, RouteSpec>;
