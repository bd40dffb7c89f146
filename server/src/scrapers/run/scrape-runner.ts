import { RESCRAPE_DELAY_MS, type ScrapeRunStatus, type Site } from '@fovea/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { throwIfAborted } from '../../jobs/job-definition';
import type { Progress } from '../../jobs/progress';
import type { Logger } from '../../logging/logger';
import type {
  DefinedSite,
  DefinitionLookup,
  FetcherFactory,
  RunRecords,
  ScrapeEngines,
  SceneStore,
  SiteRows,
  UnmatchedFiles,
} from './run-ports';
import { SceneBatcher } from './scene-batcher';
import { runSite, type ScriptFlagStore, type SiteRunReport } from './site-run';

export interface ScrapeRunnerDeps {
  registry: DefinitionLookup;
  sites: SiteRows;
  runs: RunRecords & { lastStatuses(siteIds: string[]): Promise<Map<string, ScrapeRunStatus>> };
  store: SceneStore;
  files: UnmatchedFiles;
  http: FetcherFactory;
  engines: ScrapeEngines;
  /** Sites walked at the same time (the HTTP layer caps requests per host and overall besides). */
  siteConcurrency?: number;
  rescrapeDelayMs?: number;
  /** Funscript-only updates: on when `enabled()` (funscripts.scrapeFunscripts) answers true at the run's start. */
  scripts?: ScriptFlagStore & { enabled(): boolean };
  /** After the scenes are stored, before files are matched: the alternate-site linking step. */
  afterScrape?: (progress: Progress, logger: Logger, signal: AbortSignal) => Promise<void>;
}

/** `_enabled` (the default), `_all`, or one site id. Alternate sites are walked too (their store differs). */
export function selectSites(rows: readonly Site[], selector: string): Site[] {
  if (selector === '_all') return rows.filter((row) => row.has_scraper);
  if (selector === '_enabled') return rows.filter((row) => row.has_scraper && row.is_enabled);
  return rows.filter((row) => row.id === selector);
}

/** Runs `work` over `items` with at most `limit` at once, in order of start. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * The scrape job (xbvr-facts §8.1, made honest): the chosen sites are walked side by side, each isolated
 * (a site that throws or is blocked is recorded so and the others go on), their scenes stored by one writer
 * in batched transactions; then the scenes still flagged needs_update on those sites are scraped again one by
 * one, and unmatched files are matched against the new expected filenames. Progress and the scraperProgress
 * lines of the reference's web UI go to the Data line.
 */
export class ScrapeRunner {
  constructor(private readonly deps: ScrapeRunnerDeps) {}

  async run(selector: string, progress: Progress, logger: Logger, signal: AbortSignal): Promise<void> {
    const { deps } = this;
    const chosen = selectSites(await deps.sites.list(), selector);
    const known = await deps.store.knownSceneUrls();
    const lastStatuses = await deps.runs.lastStatuses(chosen.map((site) => site.id));
    const batcher = new SceneBatcher(deps.store);
    const scripts = deps.scripts?.enabled() === true ? deps.scripts : undefined;
    progress.setTotal(chosen.length);
    progress.log(chosen.length === 0 ? 'No sites to scrape' : `Scraping ${chosen.length} site(s)`);
    const reports: SiteRunReport[] = [];

    await eachLimited(chosen, deps.siteConcurrency ?? 3, async (row) => {
      throwIfAborted(signal);
      const defined = deps.registry.site(row.id);
      if (!defined) {
        await this.recordInvalid(row.id, logger);
        progress.advance(1);
        return;
      }
      if (defined.site.disabled_reason !== undefined) {
        logger.warn({ site: row.id }, `${row.name} is not scraped: ${defined.site.disabled_reason}`);
        progress.advance(1);
        return;
      }
      logger.info(
        { task: 'scraperProgress', scraperID: row.id, progress: 0, started: true, completed: false },
        `Starting ${row.name} scraper`,
      );
      try {
        const report = await runSite(
          {
            http: deps.http,
            engines: deps.engines,
            runs: deps.runs,
            sites: deps.sites,
            batcher,
            logger,
            ...(scripts ? { scripts } : {}),
          },
          {
            defined,
            limitScraping: row.limit_scraping,
            stopAtKnown: lastStatuses.get(row.id) === 'ok',
            known,
            signal,
          },
        );
        reports.push(report);
        const c = report.counters;
        progress.advance(
          1,
          `${row.name}: ${report.status}, ${c.scenesNew} new, ${c.scenesUpdated} updated, ${c.scenesRejected} rejected`,
        );
        progress.log(`Finished ${row.name} scraper: ${report.status}`);
      } finally {
        logger.info(
          { task: 'scraperProgress', scraperID: row.id, progress: 0, started: false, completed: true },
          `Finished ${row.name} scraper`,
        );
      }
    });

    await this.rescrapeFlagged(
      new Set(reports.map((r) => r.siteId)),
      chosen.length,
      batcher,
      progress,
      logger,
      signal,
    );
    await batcher.flush();
    logger.info({ task: 'scraperProgress' }, 'DONE');
    if (deps.afterScrape) await deps.afterScrape(progress, logger, signal);
    const { matched } = await deps.files.matchUnmatched();
    const totals = reports.reduce(
      (sum, r) => ({
        added: sum.added + r.counters.scenesNew,
        updated: sum.updated + r.counters.scenesUpdated,
      }),
      { added: 0, updated: 0 },
    );
    progress.log(
      `Scrape finished: ${totals.added} scenes added, ${totals.updated} updated, ${matched} files matched`,
    );
  }

  /** A site whose definition is missing or never loaded: recorded as invalid_definition, never "ok". */
  private async recordInvalid(siteId: string, logger: Logger): Promise<void> {
    const runId = await this.deps.runs.start(siteId, 'full', 0);
    await this.deps.runs.finish(runId, {
      status: 'invalid_definition',
      pagesFetched: 0,
      scenesSeen: 0,
      scenesNew: 0,
      scenesUpdated: 0,
      scenesRejected: 0,
      httpStatuses: {},
      lastError: 'this site has no valid definition',
      lastErrorUrl: '',
      coverage: [],
    });
    logger.warn({ site: siteId }, `${siteId}: no valid definition, not scraped`);
  }

  /** Scenes still flagged needs_update on the sites just walked, scraped one by one from their own page. */
  private async rescrapeFlagged(
    siteIds: ReadonlySet<string>,
    sitesDone: number,
    batcher: SceneBatcher,
    progress: Progress,
    logger: Logger,
    signal: AbortSignal,
  ): Promise<void> {
    const flagged = (await this.deps.store.scenesNeedingUpdate()).filter(
      (scene) => siteIds.has(scene.scraperId) && scene.sceneUrl !== '',
    );
    if (flagged.length === 0) return;
    progress.setTotal(sitesDone + flagged.length);
    let done = 0;
    for (const scene of flagged) {
      throwIfAborted(signal);
      const defined = this.deps.registry.site(scene.scraperId);
      if (defined) await this.rescrapeOne(defined, scene.sceneUrl, batcher, logger, signal);
      done += 1;
      progress.advance(1, `Rescraped ${done} of ${flagged.length} flagged scenes`);
      await sleep(this.deps.rescrapeDelayMs ?? RESCRAPE_DELAY_MS, undefined, { signal }).catch(
        () => undefined,
      );
    }
  }

  private async rescrapeOne(
    defined: DefinedSite,
    url: string,
    batcher: SceneBatcher,
    logger: Logger,
    signal: AbortSignal,
  ): Promise<void> {
    const { definition, site, builtin } = defined;
    const fetcher = this.deps.http.session({
      siteId: site.id,
      http: definition.http,
      allowPrivate: !builtin,
    });
    try {
      const scene = await this.deps.engines.scrapeSceneUrl({
        definition,
        site,
        fetcher,
        url,
        additionalInfo: {},
        signal,
      });
      await batcher.add(scene, {
        written: () => undefined,
        failed: (_scene, reason) => logger.warn({ url }, `rescrape of ${url} not stored: ${reason}`),
      });
    } catch (error) {
      logger.warn({ err: error, url }, `rescrape of ${url} failed`);
    }
  }
}
