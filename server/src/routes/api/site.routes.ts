import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes, type SiteToggleFlag } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { SiteService } from '../../scrapers/sites/site.service';

export interface SiteRoutesDeps {
  sites: SiteService;
  /** "definition invalid: file:line: why" by site id, for the sites whose definition does not load. */
  definitionErrors: () => ReadonlyMap<string, string>;
}

/**
 * Sites (xbvr-wire §10): the list, the four switches (each answers the whole list), force update, delete
 * scenes; and Fovea's health list and run history under /api/scrapers.
 */
export function siteRoutes(deps: SiteRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const {
      siteList,
      toggleSiteEnabled,
      toggleSiteSubscribed,
      toggleSiteLimitScraping,
      toggleSiteScrapeStash,
      forceSiteUpdate,
      deleteSiteScenes,
      scraperHealth,
      scrapeRuns,
    } = apiRoutes;
    const tags = ['sites'];
    app.get(
      siteList.path,
      { schema: routeSchema(siteList, { tags, summary: 'Every site, by name' }) },
      async () => deps.sites.list(),
    );
    const toggles = [
      [toggleSiteEnabled, 'is_enabled'],
      [toggleSiteSubscribed, 'subscribed'],
      [toggleSiteLimitScraping, 'limit_scraping'],
      [toggleSiteScrapeStash, 'scrape_stash'],
    ] as const satisfies readonly (readonly [unknown, SiteToggleFlag])[];
    for (const [spec, flag] of toggles) {
      app.put(
        fastifyPath(spec.path),
        { schema: routeSchema(spec, { tags, summary: `Flip a site's ${flag}; answers every site` }) },
        async (request) => deps.sites.toggle(request.params.id, flag),
      );
    }
    app.post(
      forceSiteUpdate.path,
      {
        schema: routeSchema(forceSiteUpdate, {
          tags,
          summary: 'Re-scrape every scene of the site at its next run (limit scraping goes off)',
        }),
      },
      async (request) => {
        await deps.sites.forceUpdate(request.body.scraper_id);
        return null;
      },
    );
    app.post(
      deleteSiteScenes.path,
      {
        schema: routeSchema(deleteSiteScenes, {
          tags,
          summary: "Delete the site's scenes (their files become unmatched; nothing on disk is touched)",
        }),
      },
      async (request) => {
        await deps.sites.deleteScenes(request.body.scraper_id);
        return null;
      },
    );
    app.get(
      scraperHealth.path,
      {
        schema: routeSchema(scraperHealth, {
          tags,
          summary: 'Every site with its definition, definition error and last scrape run',
        }),
      },
      async () => deps.sites.listWithHealth(deps.definitionErrors()),
    );
    app.get(
      scrapeRuns.path,
      { schema: routeSchema(scrapeRuns, { tags, summary: "A site's recent scrape runs, newest first" }) },
      async (request) => deps.sites.runs(request.query.site, request.query.limit),
    );
  };
}
