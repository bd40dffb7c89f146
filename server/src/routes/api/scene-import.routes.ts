import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { JavImportService } from '../../scrapers/sources/jav/jav-import.service';
import type { TpdbImportService } from '../../scrapers/sources/tpdb/tpdb-import.service';

export interface SceneImportRouteDeps {
  queue: Pick<JobQueue, 'enqueue'>;
  tpdb: Pick<TpdbImportService, 'payload'>;
  jav: Pick<JavImportService, 'payload'>;
}

const tags = ['scrapers'];

/** Scene imports from TPDB and the JAV sources: each queues its job and answers at once. */
export function sceneImportRoutes(deps: SceneImportRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { scrapeJavr, scrapeTpdb } = apiRoutes;
    app.post(
      scrapeJavr.path,
      {
        schema: routeSchema(scrapeJavr, {
          tags,
          summary: 'Import JAV scenes by DVD id from r18.dev, JavDatabase, JavLibrary or JAV.Land',
        }),
      },
      async (request) => {
        await deps.queue.enqueue('scrape-javr', await deps.jav.payload(request.body));
        return null;
      },
    );
    app.post(
      scrapeTpdb.path,
      {
        schema: routeSchema(scrapeTpdb, {
          tags,
          summary: 'Import one ThePornDB scene by its URL with an API token ("set": the stored one)',
        }),
      },
      async (request) => {
        await deps.queue.enqueue('scrape-tpdb', deps.tpdb.payload(request.body));
        return null;
      },
    );
  };
}
