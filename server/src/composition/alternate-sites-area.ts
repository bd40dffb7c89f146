import type { FastifyInstance } from 'fastify';
import { AlternateLinker } from '../alternate-sites/alternate-linker.service';
import { AlternateLinksService } from '../alternate-sites/alternate-links.service';
import { alternateRelinkJob } from '../alternate-sites/alternate-relink.job';
import { AlternateSceneStore, type AlternateScenesHooks } from '../alternate-sites/alternate-scene.store';
import { alternateSiteRoutes } from '../alternate-sites/alternate-site.routes';
import { AlternateSourceRepository } from '../alternate-sites/alternate-source.repository';
import { MatchParamsService } from '../alternate-sites/match-params.service';
import { ScrapeCreateService, type RealSceneScraper } from '../alternate-sites/scrape-create.service';
import type { Database } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import type { OptionsService } from '../services/options.service';

export interface AlternateSitesAreaDeps {
  db: Database;
  options: OptionsService;
  logger: Logger;
}

/**
 * Alternate sites (sites with a master site): their scenes kept as alternate references (the scraper area
 * routes them here), the linker (after a scrape run when advanced.linkScenesAfterSceneScraping is on, and the
 * relink job), the match parameters, the deletion calls and Scrape & Create Scene.
 */
export function createAlternateSitesArea(deps: AlternateSitesAreaDeps) {
  const repo = new AlternateSourceRepository(deps.db);
  const linker = new AlternateLinker({ repo, options: deps.options, logger: deps.logger });
  const hooks: AlternateScenesHooks = {
    store: new AlternateSceneStore(repo),
    // A linking failure is logged; the scrape's files are matched all the same.
    afterScrape: async (progress, logger, signal) => {
      if (!deps.options.get().advanced.linkScenesAfterSceneScraping) return;
      try {
        await linker.run(progress, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        logger.warn({ err: error }, 'the alternate-site scenes could not be linked');
      }
    },
  };
  return {
    hooks,
    job: alternateRelinkJob(linker),
    async register(app: FastifyInstance, queue: JobQueue, scraper: RealSceneScraper): Promise<void> {
      await app.register(
        alternateSiteRoutes({
          queue,
          matchParams: new MatchParamsService(repo),
          links: new AlternateLinksService(repo, deps.logger),
          scrapeCreate: new ScrapeCreateService(repo, scraper),
        }),
      );
    },
  };
}
