import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../http/route-schema';
import type { JobQueue } from '../jobs/job-queue';
import type { AlternateLinksService } from './alternate-links.service';
import type { MatchParamsService } from './match-params.service';
import type { ScrapeCreateService } from './scrape-create.service';

const tags = ['alternate sites'];

/** Match parameters, the relink task, deletion of alternate references and links, Scrape & Create Scene. */
export function alternateSiteRoutes(deps: {
  queue: JobQueue;
  matchParams: MatchParamsService;
  links: AlternateLinksService;
  scrapeCreate: ScrapeCreateService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const {
      siteMatchParams,
      saveSiteMatchParams,
      relinkAlternateSources,
      deleteExtrefSource,
      deleteExtrefSourceLinks,
      scrapeCreateAlternate,
    } = apiRoutes;

    app.get(
      fastifyPath(siteMatchParams.path),
      {
        schema: routeSchema(siteMatchParams, {
          tags,
          summary: 'Match parameters of an alternate site, defaults filled',
        }),
      },
      async (request) => deps.matchParams.get(request.params.site),
    );

    app.post(
      saveSiteMatchParams.path,
      {
        schema: routeSchema(saveSiteMatchParams, {
          tags,
          summary: 'Save the match parameters of an alternate site',
        }),
      },
      async (request) => {
        await deps.matchParams.save(request.body);
        return null;
      },
    );

    app.get(
      relinkAlternateSources.path,
      {
        schema: routeSchema(relinkAlternateSources, {
          tags: ['tasks', ...tags],
          summary:
            'Link the alternate-site scenes to scenes of their master sites (path spelt as the reference has it)',
        }),
      },
      async () => {
        await deps.queue.enqueue('alternate-relink');
        return null;
      },
    );

    app.delete(
      deleteExtrefSource.path,
      {
        schema: routeSchema(deleteExtrefSource, {
          tags: ['external references', ...tags],
          summary: 'Delete every external reference of a source, with its links',
        }),
      },
      async (request) => {
        await deps.links.deleteSource(request.body);
        return null;
      },
    );

    app.delete(
      fastifyPath(deleteExtrefSourceLinks.path),
      {
        schema: routeSchema(deleteExtrefSourceLinks, {
          tags: ['external references', ...tags],
          summary: 'Delete the links of the sources matching a LIKE pattern (all, or keeping manual ones)',
        }),
      },
      async (request) => {
        await deps.links.deleteLinks(request.params.mode, request.body);
        return null;
      },
    );

    app.post(
      scrapeCreateAlternate.path,
      {
        schema: routeSchema(scrapeCreateAlternate, {
          tags,
          summary: 'Scrape an alternate source again and create a scene of its site from it',
        }),
      },
      async (request) => deps.scrapeCreate.create(request.body),
    );
  };
}
