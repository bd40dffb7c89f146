import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../http/route-schema';
import type { JobQueue } from '../jobs/job-queue';
import type { ActorScrapeService } from './actor-scrape.service';
import type { ActorRuleSetRegistry } from './rule-set.registry';

const tags = ['external references', 'actors'];

/** The generic actor scraper's calls (/api/extref/generic). */
export function actorScrapeRoutes(deps: {
  service: ActorScrapeService;
  ruleSets: Pick<ActorRuleSetRegistry, 'all' | 'error'>;
  queue: Pick<JobQueue, 'enqueue'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { genericScrapeSingle, genericScrapeBySite, genericScrapeAll, genericRuleSets } = apiRoutes;

    app.post(
      fastifyPath(genericScrapeSingle.path),
      {
        schema: routeSchema(genericScrapeSingle, {
          tags,
          summary:
            "Scrape one profile page of an actor now and write what it gives over the actor's values, except the fields the owner edited. 400 when no rule set reads the URL, 404 for an unknown actor, 502 when the page cannot be fetched",
        }),
      },
      async (request) => {
        await deps.service.scrapeSingle(request.body.id, request.body.url);
        return null;
      },
    );

    app.get(
      fastifyPath(genericScrapeBySite.path),
      {
        schema: routeSchema(genericScrapeBySite, {
          tags,
          summary:
            "Start a job that scrapes the profile pages of every actor with a profile on this site, overwriting (the owner's edits kept). 404 for an unknown site",
        }),
      },
      async (request) => {
        await deps.service.requireSite(request.params.siteId);
        await deps.queue.enqueue('actor-scrape', { mode: 'site', siteId: request.params.siteId });
        return null;
      },
    );

    app.get(
      fastifyPath(genericScrapeAll.path),
      {
        schema: routeSchema(genericScrapeAll, {
          tags,
          summary:
            'Start a job that scrapes every actor profile page not scraped yet, filling empty fields only',
        }),
      },
      async () => {
        await deps.queue.enqueue('actor-scrape', { mode: 'pending' });
        return null;
      },
    );

    app.get(
      fastifyPath(genericRuleSets.path),
      {
        schema: routeSchema(genericRuleSets, {
          tags,
          summary:
            "The actor scraper's rule sets in use (built-in, and the owner's actor_scraper_custom_config.json replacing them by key), and why the owner's file is not in use ('' when it is fine)",
        }),
      },
      () => ({
        sets: deps.ruleSets.all().map(({ key, set, custom }) => ({ key, domain: set.domain, custom })),
        error: deps.ruleSets.error(),
      }),
    );
  };
}
