import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import type { JobDefinition } from '../jobs/job-definition';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import type { FetcherFactory } from '../scrapers/run/run-ports';
import { ActorScrapeRepository } from './actor-scrape.repository';
import { actorScrapeJob } from './actor-scrape.job';
import { actorScrapeRoutes } from './actor-scrape.routes';
import { ActorScrapeService } from './actor-scrape.service';
import { ActorRuleSetRegistry, CUSTOM_CONFIG_FILE, EXAMPLES_FILE } from './rule-set.registry';

export interface ActorScraperAreaDeps {
  db: Database;
  paths: DataPaths;
  /** The scrapers' HTTP layer (host limits, private-target guard, proxy, test host map). */
  http: FetcherFactory;
  options: { get(): { advanced: { scrapeActorAfterScene: boolean } } };
  logger: Logger;
}

/**
 * The generic actor scraper: rule sets (built-in and the owner's file, watched), the scrape service, its job
 * and routes, and the step the scene scrape job runs after itself (`scrapeActorAfterScene`).
 */
export async function createActorScraperArea(deps: ActorScraperAreaDeps) {
  const registry = new ActorRuleSetRegistry({
    customFile: join(deps.paths.root, CUSTOM_CONFIG_FILE),
    examplesFile: join(deps.paths.root, EXAMPLES_FILE),
    logger: deps.logger,
  });
  await registry.load();
  registry.watch();
  const service = new ActorScrapeService({
    repo: new ActorScrapeRepository(deps.db),
    registry,
    http: deps.http,
    options: deps.options,
    logger: deps.logger,
  });
  return {
    job: actorScrapeJob(service),
    /** Wraps the scene scrape job: once it has run, the profiles its cast brought are read (if the option is on). */
    afterSceneScrapes(job: JobDefinition): JobDefinition {
      return {
        ...job,
        async run(context) {
          await job.run(context);
          await service.afterSceneScrape(context.progress, context.signal);
        },
      };
    },
    async register(app: FastifyInstance, queue: JobQueue): Promise<void> {
      await app.register(actorScrapeRoutes({ service, ruleSets: registry, queue }));
    },
    close(): void {
      registry.close();
    },
  };
}
