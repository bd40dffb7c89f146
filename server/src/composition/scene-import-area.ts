import type { FastifyInstance } from 'fastify';
import { scrapeJavrJob } from '../jobs/handlers/scrape-javr.job';
import { scrapeTpdbJob } from '../jobs/handlers/scrape-tpdb.job';
import type { JobQueue } from '../jobs/job-queue';
import { sceneImportRoutes } from '../routes/api/scene-import.routes';
import type { FetcherFactory, SceneStore, UnmatchedFiles } from '../scrapers/run/run-ports';
import { JavImportService } from '../scrapers/sources/jav/jav-import.service';
import { javSources } from '../scrapers/sources/jav/jav-sources';
import { TpdbImportService } from '../scrapers/sources/tpdb/tpdb-import.service';
import { TpdbSource } from '../scrapers/sources/tpdb/tpdb.source';
import type { OptionsService } from '../services/options.service';

export interface SceneImportAreaDeps {
  /** The scrapers' HTTP layer (host limits, block detection, private-target guard). */
  http: FetcherFactory;
  /** The scene writer of the scrapers. */
  store: Pick<SceneStore, 'writeBatch'>;
  files: UnmatchedFiles;
  options: OptionsService;
}

/**
 * Scene imports from metadata sources that are not studio sites: ThePornDB and the four JAV sources. Their
 * jobs join the queue; their routes are registered with it.
 */
export function createSceneImportArea(deps: SceneImportAreaDeps) {
  const { http, store, files, options } = deps;
  const tpdb = new TpdbImportService({ source: new TpdbSource(http), store, files, options });
  const jav = new JavImportService({ sources: javSources(), http, store, files, options });
  return {
    jobs: [scrapeTpdbJob(tpdb), scrapeJavrJob(jav)],
    async register(app: FastifyInstance, queue: JobQueue): Promise<void> {
      await app.register(sceneImportRoutes({ queue, tpdb, jav }));
    },
  };
}
