import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes, type DefinitionInfo, type SingleSceneRoute } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { SingleScrapeService } from '../../scrapers/single/single-scrape.service';

export interface ScrapeRouteDeps {
  queue: JobQueue;
  single: SingleScrapeService;
  definitions: {
    infos(): DefinitionInfo[];
    reload(): Promise<DefinitionInfo[]>;
    singleSceneRoutes(): SingleSceneRoute[];
  };
}

const tags = ['scrapers'];

/** Starting scrapes, the single-scene scrape, and the loaded definitions (reload, single-scene routing). */
export function scrapeRoutes(deps: ScrapeRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { startScrape, singleScrape, scraperDefinitions, reloadScraperDefinitions, singleSceneRoutes } =
      apiRoutes;
    app.get(
      startScrape.path,
      {
        schema: routeSchema(startScrape, {
          tags,
          summary: 'Scrape one site, every enabled site (_enabled, the default) or all (_all)',
        }),
      },
      async (request) => {
        await deps.queue.enqueue('scrape', { site: request.query.site });
        return null;
      },
    );
    app.post(
      singleScrape.path,
      { schema: routeSchema(singleScrape, { tags, summary: 'Scrape, store and answer one scene page' }) },
      async (request) => deps.single.scrape(request.body),
    );
    app.get(
      scraperDefinitions.path,
      { schema: routeSchema(scraperDefinitions, { tags, summary: 'The loaded scraper definitions' }) },
      () => deps.definitions.infos(),
    );
    app.post(
      reloadScraperDefinitions.path,
      {
        schema: routeSchema(reloadScraperDefinitions, {
          tags,
          summary: 'Read the definition files again (an invalid one keeps its last valid version)',
        }),
      },
      async () => deps.definitions.reload(),
    );
    app.get(
      singleSceneRoutes.path,
      {
        schema: routeSchema(singleSceneRoutes, {
          tags,
          summary: 'URL patterns, extra fields and warnings of single-scene scrapes, per site',
        }),
      },
      () => deps.definitions.singleSceneRoutes(),
    );
  };
}
