import {
  SINGLE_SCENE_SCRAPERS,
  type Scene,
  type SingleScrapeBody,
  type SingleScrapeResponse,
} from '@fovea/contract';
import { HttpError, NotFoundError } from '../../http/http-errors';
import type { Logger } from '../../logging/logger';
import { ScrapeBlockedError, ScrapeHttpError } from '../http/scrape-fetcher';
import type {
  DefinedSite,
  DefinitionLookup,
  FetcherFactory,
  RunRecords,
  ScrapeEngines,
  SceneStore,
  UnmatchedFiles,
} from '../run/run-ports';

export const NO_SCRAPER_FOR_DOMAIN = 'No scrapers exist for this domain';
export const SCRAPER_DOES_NOT_EXIST = 'Scraper does not exist';

export interface SingleScrapeDeps {
  registry: DefinitionLookup;
  http: FetcherFactory;
  engines: ScrapeEngines;
  store: SceneStore;
  runs: RunRecords;
  files: UnmatchedFiles;
  scenes: { get(lookup: string): Promise<Scene> };
  logger: Logger;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * POST /api/task/singlescrape: one scene page scraped, stored and answered at once (the reference UI then
 * opens it in the editor). The site is the one named when it has a definition, else the one whose
 * definition declares a URL pattern matching the page; the answer says plainly when there is none. The
 * scrape is recorded as a `single` run of the site.
 */
export class SingleScrapeService {
  constructor(private readonly deps: SingleScrapeDeps) {}

  /** The site a request goes to, or the 404 the reference's texts name. */
  resolve(body: Pick<SingleScrapeBody, 'site' | 'sceneurl'>): DefinedSite {
    const named = this.deps.registry.site(body.site);
    if (named) return named;
    const routed = this.deps.registry.routeUrl(body.sceneurl);
    if (routed) return routed;
    const generic = (SINGLE_SCENE_SCRAPERS as readonly string[]).includes(body.site);
    throw new NotFoundError(generic ? NO_SCRAPER_FOR_DOMAIN : SCRAPER_DOES_NOT_EXIST);
  }

  async scrape(body: SingleScrapeBody): Promise<SingleScrapeResponse> {
    const defined = this.resolve(body);
    const { definition, site, builtin } = defined;
    const fetcher = this.deps.http.session({
      siteId: site.id,
      http: definition.http,
      allowPrivate: !builtin,
    });
    const runId = await this.deps.runs.start(site.id, 'single', definition.version);
    const additionalInfo = Object.fromEntries(
      body.additionalinfo.map((field) => [field.fieldName, field.fieldValue.trim()]),
    );
    try {
      const scraped = await this.deps.engines.scrapeSceneUrl({
        definition,
        site,
        fetcher,
        url: body.sceneurl,
        additionalInfo,
        signal: AbortSignal.timeout(120_000),
      });
      const outcome = await this.deps.store.writeBatch([scraped]);
      await this.finish(runId, 'ok', fetcher.stats(), {
        scenesNew: outcome.created.length,
        scenesUpdated: outcome.updated.length,
      });
      await this.deps.files.matchUnmatched();
      return {
        status: 'OK',
        scene: await this.deps.scenes.get(scraped.sceneId),
        warnings: definition.single_scene?.warnings ?? [],
      };
    } catch (error) {
      const blocked = error instanceof ScrapeBlockedError;
      const url =
        error instanceof ScrapeBlockedError || error instanceof ScrapeHttpError ? error.url : body.sceneurl;
      await this.finish(runId, blocked ? 'blocked' : 'failed', fetcher.stats(), {
        lastError: message(error),
        lastErrorUrl: url,
      });
      this.deps.logger.warn({ err: error, url: body.sceneurl, site: site.id }, 'single-scene scrape failed');
      if (error instanceof HttpError) throw error;
      throw new HttpError(
        blocked || error instanceof ScrapeHttpError ? 502 : 422,
        `${site.name}: ${message(error)}`,
      );
    }
  }

  private async finish(
    runId: number,
    status: 'ok' | 'failed' | 'blocked',
    stats: { pagesFetched: number; statuses: Record<string, number> },
    figures: { scenesNew?: number; scenesUpdated?: number; lastError?: string; lastErrorUrl?: string },
  ): Promise<void> {
    await this.deps.runs.finish(runId, {
      status,
      pagesFetched: stats.pagesFetched,
      scenesSeen: 1,
      scenesNew: figures.scenesNew ?? 0,
      scenesUpdated: figures.scenesUpdated ?? 0,
      scenesRejected: status === 'ok' ? 0 : 1,
      httpStatuses: stats.statuses,
      lastError: figures.lastError ?? '',
      lastErrorUrl: figures.lastErrorUrl ?? '',
      coverage: [],
    });
  }
}
