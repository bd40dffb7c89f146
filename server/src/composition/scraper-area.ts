import type { DefinitionInfo, ScrapeRunStatus, ScraperInfo } from '@fovea/contract';
import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import { CustomSiteRepository } from '../custom-sites/custom-site.repository';
import { customSiteEntries } from '../custom-sites/custom-site-entry';
import { CustomSiteService } from '../custom-sites/custom-site.service';
import type { Database } from '../db/schema';
import { scrapeJob } from '../jobs/handlers/scrape.job';
import { createActorScraperArea } from '../actor-scraper/actor-scraper-area';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import { routeAlternateScenes, type AlternateScenesHooks } from '../alternate-sites/alternate-scene.store';
import { asRealScenes } from '../alternate-sites/scrape-create.service';
import { CollectorConfigRepository } from '../repositories/collector-config.repository';
import { ScrapeRunRepository } from '../repositories/scrape-run.repository';
import { ScrapedSceneWriteRepository } from '../repositories/scraped-scene-write.repository';
import { SiteRepository } from '../repositories/site.repository';
import { collectorConfigRoutes } from '../routes/api/collector-config.routes';
import { customSiteRoutes } from '../routes/api/custom-site.routes';
import { scrapeRoutes } from '../routes/api/scrape.routes';
import { siteRoutes } from '../routes/api/site.routes';
import { CollectorConfigService } from '../scrapers/collector/collector-config.service';
import { stashdbCredentials } from '../scrapers/http/host-credentials';
import { stashdbApiKey } from '../stashdb/stashdb-api-key';
import { builtinDefinitionsDir } from '../scrapers/definitions/builtin-dir';
import { DefinitionRegistry } from '../scrapers/definitions/definition.registry';
import { scrapeSceneUrl, scrapeSite } from '../scrapers/engine/scrape-site';
import { ScrapeHttp } from '../scrapers/http/scrape-http';
import type { RunRecords } from '../scrapers/run/run-ports';
import { ScrapeRunner } from '../scrapers/run/scrape-runner';
import { SingleScrapeService } from '../scrapers/single/single-scrape.service';
import { SiteService } from '../scrapers/sites/site.service';
import { ScrapedSceneWriter } from '../scrapers/store/scraped-scene-writer.service';
import type { FileMatchService } from '../services/file-match.service';
import type { OptionsService } from '../services/options.service';
import type { SceneStatusService } from '../services/scene-status.service';
import type { SceneService } from '../services/scene.service';

export interface ScraperAreaDeps {
  db: Database;
  paths: DataPaths;
  options: OptionsService;
  sceneStatus: SceneStatusService;
  fileMatch: FileMatchService;
  scenes: Pick<SceneService, 'get'>;
  logger: Logger;
  /** Alternate sites: where their scenes go, and the linking step after a run (alternate-sites-area.ts). */
  alternates?: AlternateScenesHooks;
  /** Tests only: studio hosts answered by local servers ('vrbangers.com' -> 'http://127.0.0.1:PORT'). */
  scrapeHostMap?: Record<string, string>;
}

/** "definition invalid: …" by site id, for the Scrapers table. */
function definitionErrors(infos: readonly DefinitionInfo[]): Map<string, string> {
  const errors = new Map<string, string>();
  for (const info of infos) {
    if (info.error === '') continue;
    for (const siteId of info.site_ids) errors.set(siteId, info.error);
  }
  return errors;
}

/**
 * The scrapers: definitions (built-in and the owner's, reloaded on change), the HTTP layer, the scrape job and
 * single-scene scrapes, sites and their health, collector configs. The sites table follows the definitions
 * after every load.
 */
export async function createScraperArea(deps: ScraperAreaDeps) {
  const { db, logger } = deps;
  const sites = new SiteService({ sites: new SiteRepository(db), runs: new ScrapeRunRepository(db) });
  const runRepository = new ScrapeRunRepository(db);
  const staleRuns = await runRepository.failStale();
  if (staleRuns > 0)
    logger.info({ runs: staleRuns }, 'scrape runs left by the previous process marked failed');

  const syncSites = async (registry: DefinitionRegistry) => {
    await sites.syncFromDefinitions(
      registry.sites().map(({ definition, site, builtin, custom }) => ({
        id: site.id,
        name: site.name,
        studio: site.studio,
        avatar: site.avatar,
        domain: site.domain,
        definitionId: definition.id,
        masterSiteId: site.master_site_id,
        disabledReason: site.disabled_reason ?? '',
        builtin: builtin && custom !== true,
      })),
    );
  };
  let loaded = false;
  const customSiteRepo = new CustomSiteRepository(db);
  const registry: DefinitionRegistry = new DefinitionRegistry({
    builtinDir: builtinDefinitionsDir(),
    userDir: deps.paths.scrapers,
    logger,
    // The owner's custom sites join their aggregator's definition on every load.
    extraSites: async () => customSiteEntries(await customSiteRepo.list()),
    // After the first load (synced below, before any route answers), every reload moves the sites along.
    onChange: () => {
      if (!loaded) return;
      syncSites(registry).catch((error: unknown) =>
        logger.error({ err: error }, 'the sites could not follow the scraper definitions'),
      );
    },
  });
  await registry.load();
  await syncSites(registry);
  loaded = true;
  await registry.watch();

  const collectorConfigs = new CollectorConfigService(new CollectorConfigRepository(db), logger);
  const http = new ScrapeHttp({
    settings: () => {
      const { scraperProxy, scraperUserAgent } = deps.options.get().advanced;
      return { proxy: scraperProxy, userAgent: scraperUserAgent };
    },
    collectorConfigs,
    // StashDB as a scene source: the owner's key goes with the requests to StashDB's host, and only there.
    credentials: stashdbCredentials(() => stashdbApiKey(deps.options.get())),
    ...(deps.scrapeHostMap ? { hostMap: deps.scrapeHostMap } : {}),
  });
  const runs: RunRecords & { lastStatuses(siteIds: string[]): Promise<Map<string, ScrapeRunStatus>> } = {
    start: (siteId, kind, version) => runRepository.start(siteId, kind, version),
    finish: async (runId, result) => {
      await runRepository.finish(runId, result);
    },
    lastStatuses: async (siteIds) =>
      new Map((await runRepository.lastRuns(siteIds)).map((row) => [row.site_id, row.status])),
  };
  const store = new ScrapedSceneWriter({
    repo: new ScrapedSceneWriteRepository(db),
    status: deps.sceneStatus,
  });
  const engines = { scrapeSite, scrapeSceneUrl };
  const files = { matchUnmatched: () => deps.fileMatch.matchUnmatched() };
  // A run stores alternate-site scenes as their references.
  const runStore = deps.alternates ? routeAlternateScenes(store, deps.alternates.store) : store;
  const runner = new ScrapeRunner({
    registry,
    sites,
    runs,
    store: runStore,
    files,
    http,
    engines,
    // Funscript-only updates of known scenes whose listing shows scripts (scraper-sites §1.10).
    scripts: {
      enabled: () => deps.options.get().funscripts.scrapeFunscripts,
      updateScriptFlags: (updates) => store.updateScriptFlags(updates),
    },
    ...(deps.alternates ? { afterScrape: deps.alternates.afterScrape } : {}),
  });
  const singleDeps = { registry, http, engines, runs, files, scenes: deps.scenes, logger };
  // A page scraped on its own becomes a scene, an alternate site's too (Scrape by URL, Scrape & Create).
  const single = new SingleScrapeService({ ...singleDeps, store: asRealScenes(store) });
  // The generic actor scraper: profile pages through the same HTTP layer; runs after scene scrapes when asked.
  const actorScraper = await createActorScraperArea({
    db,
    paths: deps.paths,
    http,
    options: deps.options,
    logger,
  });

  const customSites = new CustomSiteService({
    repo: customSiteRepo,
    definitions: {
      hasDefinition: (definitionId) =>
        registry.sites().some(({ definition }) => definition.id === definitionId),
      siteOwner: (siteId) => {
        const registered = registry.site(siteId);
        return registered
          ? { definitionId: registered.definition.id, custom: registered.custom === true }
          : null;
      },
    },
    sites: new SiteRepository(db),
    refresh: async () => {
      await registry.reload();
      await syncSites(registry);
    },
  });

  return {
    job: actorScraper.afterSceneScrapes(scrapeJob(runner)),
    /** The generic actor scraper's job (scrape_all, scrape_by_site). */
    actorScrapeJob: actorScraper.job,
    /** The one writer of scraped scenes (a v1 bundle's scenes go through it too). */
    sceneWriter: store,
    /** The scrapers' HTTP layer, for the metadata sources (TPDB, JAV). */
    http,
    /** The owner's custom sites (a restore creates them as the form does). */
    customSites,
    /** Single-scene scrapes, stored as real scenes, alternate sites' too (Scrape & Create Scene). */
    realSceneScraper: single,
    /** The scrapers of GET /api/options/state (`scrapers`). */
    scraperInfos: (): ScraperInfo[] =>
      registry.sites().map(({ site }) => ({
        id: site.id,
        name: site.name,
        avaatarurl: site.avatar,
        domain: site.domain,
        master_site_id: site.master_site_id,
      })),
    async register(app: FastifyInstance, queue: JobQueue): Promise<void> {
      await app.register(siteRoutes({ sites, definitionErrors: () => definitionErrors(registry.infos()) }));
      await app.register(collectorConfigRoutes({ collectorConfigs }));
      await app.register(customSiteRoutes({ customSites }));
      await actorScraper.register(app, queue);
      await app.register(
        scrapeRoutes({
          queue,
          single,
          definitions: {
            infos: () => registry.infos(),
            reload: () => registry.reload(),
            singleSceneRoutes: () => registry.singleSceneRoutes(),
          },
        }),
      );
    },
    async close(): Promise<void> {
      registry.close();
      actorScraper.close();
      await http.close();
    },
  };
}
