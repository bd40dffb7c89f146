import { EXTERNAL_SOURCE_STASHDB_PERFORMER, MATCH_TYPE_ACTOR_URL_EDIT } from '@fovea/contract';
import { throwIfAborted } from '../jobs/job-definition';
import type { Progress } from '../jobs/progress';
import type { Logger } from '../logging/logger';
import { BadRequestError, HttpError, NotFoundError } from '../http/http-errors';
import type { FetcherFactory } from '../scrapers/run/run-ports';
import type { ScrapeFetcher } from '../scrapers/http/scrape-fetcher';
import { noActor } from '../services/actor-reader.service';
import { journalLocks } from '../services/stashdb-actor-merge';
import { readActorPage, type ScrapedActorFields } from './actor-page-read';
import { planActorScrape, scrapeData } from './actor-patch';
import type { ActorScrapeRepository } from './actor-scrape.repository';
import { byActor, pendingTargets, scrapeUrls, type ScrapeTarget } from './actor-scrape-targets';
import { bareHost, siteSource, urlSource } from './actor-source';
import type { ActorRuleSetRegistry, KeyedRuleSet } from './rule-set.registry';

/** The reference's pace for actor pages: one request at a time per host, 200 ms apart (scraper-sites §7.1). */
const ACTOR_PAGE_HTTP = { min_delay_ms: 200, max_delay_ms: 200, concurrency: 1, headers: {}, cookies: {} };
const DEFAULT_CONCURRENCY = 10;

export interface ActorScrapeDeps {
  repo: ActorScrapeRepository;
  registry: Pick<ActorRuleSetRegistry, 'setsFor'>;
  http: FetcherFactory;
  options: { get(): { advanced: { scrapeActorAfterScene: boolean } } };
  logger: Logger;
  /** Actors scraped at the same time (default 10). */
  concurrency?: number;
}

/** What a run did, for its last log line. */
interface RunTally {
  scraped: number;
  updated: number;
  failed: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One fetcher per host within a run, so one site's circuit breaker never stops the others. As with scraper
 * definitions, only the owner's own rule sets may reach private addresses; built-in ones never.
 */
class Fetchers {
  private readonly byHost = new Map<string, ScrapeFetcher>();
  constructor(private readonly http: FetcherFactory) {}
  for(url: string, allowPrivate: boolean): ScrapeFetcher {
    const host = new URL(url).hostname;
    const key = `${allowPrivate ? 'own' : 'builtin'}/${host}`;
    let fetcher = this.byHost.get(key);
    if (!fetcher) {
      fetcher = this.http.session({ siteId: `actor ${host}`, http: ACTOR_PAGE_HTTP, allowPrivate });
      this.byHost.set(key, fetcher);
    }
    return fetcher;
  }
}

/**
 * The generic actor scraper (scraper-sites §7): reads an actor's profile pages with the rule sets of their type
 * and writes what they give, never over a field the owner edited. Per actor or per site it overwrites; the
 * run over every profile not scraped yet (scrape_all, and after a scene scrape) only fills empty fields.
 */
export class ActorScrapeService {
  constructor(private readonly deps: ActorScrapeDeps) {}

  /** POST /api/extref/generic/scrape_single: one profile page of one actor, now (overwriting). */
  async scrapeSingle(actorId: number, url: string, signal = new AbortController().signal): Promise<void> {
    const actor = await this.deps.repo.actor(actorId);
    if (!actor) throw noActor(actorId);
    const listed = scrapeUrls(actor).find((entry) => entry.url === url.trim());
    const type = listed?.type ?? urlSource(url);
    if (type === EXTERNAL_SOURCE_STASHDB_PERFORMER) {
      throw new BadRequestError('StashDB performers are refreshed from StashDB, not by the actor scraper');
    }
    const target = { actorId, actorName: actor.name, url: url.trim(), type };
    if (this.setsOf(target).length === 0) {
      throw new BadRequestError(`No actor scraper reads ${new URL(url).hostname} (${type})`);
    }
    try {
      await this.scrapeOne(new Fetchers(this.deps.http), target, true, signal);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.deps.logger.warn({ err: error, url, actor: actorId }, 'actor scrape failed');
      throw new HttpError(502, `${new URL(url).hostname}: ${message(error)}`);
    }
  }

  /** 404 for a site id the library does not know (before a scrape_by_site job is queued). */
  async requireSite(siteId: string): Promise<void> {
    if ((await this.deps.repo.siteName(siteId)) === null) {
      throw new NotFoundError(`There is no site ${siteId}`);
    }
  }

  /** scrape_by_site: every actor's profile URLs of the site's type, overwriting. */
  async scrapeSite(siteId: string, progress: Progress, signal: AbortSignal): Promise<void> {
    const name = await this.deps.repo.siteName(siteId);
    if (name === null) {
      progress.log(`Actor scrape: there is no site ${siteId}`, 'warn');
      return;
    }
    const type = siteSource(siteId, name);
    const targets = (await this.deps.repo.actorsWithScrapeUrls())
      .flatMap(scrapeUrls)
      .filter((target) => target.type === type || target.type === `${siteId} scrape`);
    await this.run(targets, true, `${name} actors`, progress, signal);
  }

  /** scrape_all: every profile URL not scraped yet, filling empty fields only. */
  async scrapePending(progress: Progress, signal: AbortSignal): Promise<void> {
    const [rows, links] = await Promise.all([
      this.deps.repo.actorsWithScrapeUrls(),
      this.deps.repo.scrapeLinks(),
    ]);
    await this.run(pendingTargets(rows, links), false, 'actor profiles not scraped yet', progress, signal);
  }

  /**
   * For the scene scrape job, when it has finished: with `scrapeActorAfterScene` on, the profile pages the
   * scrape brought (every one not scraped yet) are read, under the same job.
   */
  async afterSceneScrape(progress: Progress, signal: AbortSignal): Promise<void> {
    if (!this.deps.options.get().advanced.scrapeActorAfterScene) return;
    try {
      await this.scrapePending(progress, signal);
    } catch (error) {
      // The scene scrape itself went through: a failing actor step is reported, not the whole job failed.
      if (signal.aborted) throw error;
      this.deps.logger.error({ err: error }, 'actor scrape after the scene scrape failed');
      progress.log(`Actor scrape failed: ${message(error)}`, 'error');
    }
  }

  private setsOf(target: ScrapeTarget): KeyedRuleSet[] {
    const host = bareHost(new URL(target.url).hostname);
    return this.deps.registry.setsFor(target.type).filter(({ set }) => bareHost(set.domain) === host);
  }

  private async run(
    targets: ScrapeTarget[],
    overwrite: boolean,
    what: string,
    progress: Progress,
    signal: AbortSignal,
  ): Promise<void> {
    const readable = targets.filter((target) => this.setsOf(target).length > 0);
    if (readable.length === 0) {
      progress.log(`Actor scrape: no ${what} to read`);
      return;
    }
    progress.restart(readable.length, `Scraping ${readable.length} ${what}`);
    const tally: RunTally = { scraped: 0, updated: 0, failed: 0 };
    const fetchers = new Fetchers(this.deps.http);
    const groups = byActor(readable);
    let next = 0;
    const lanes = Array.from(
      { length: Math.min(this.deps.concurrency ?? DEFAULT_CONCURRENCY, groups.length) },
      async () => {
        while (next < groups.length) {
          const group = groups[next++] ?? [];
          for (const target of group) {
            throwIfAborted(signal);
            try {
              const changed = await this.scrapeOne(fetchers, target, overwrite, signal);
              tally.scraped += 1;
              if (changed) tally.updated += 1;
              progress.advance(1, `${target.actorName}: ${target.url}`);
            } catch (error) {
              if (signal.aborted) throw error;
              tally.failed += 1;
              this.deps.logger.warn(
                { err: error, url: target.url, actor: target.actorId },
                'actor scrape failed',
              );
              progress.advance(1, `${target.actorName}: ${target.url} failed: ${message(error)}`);
            }
          }
        }
      },
    );
    await Promise.all(lanes);
    progress.log(
      `Actor scrape finished: ${tally.scraped} profiles read, ${tally.updated} actors changed, ${tally.failed} failed`,
      tally.failed > 0 ? 'warn' : 'info',
    );
  }

  /** Reads one profile page with every set of its type and host, then writes the actor; true when it changed. */
  private async scrapeOne(
    fetchers: Fetchers,
    target: ScrapeTarget,
    overwrite: boolean,
    signal: AbortSignal,
  ): Promise<boolean> {
    const fields: ScrapedActorFields = new Map();
    const pages = new Map<'html' | 'json', { url: string; text: string }>();
    for (const { set, custom } of this.setsOf(target)) {
      const expect = set.isJson ? 'json' : 'html';
      let page = pages.get(expect);
      if (!page) {
        const response = await fetchers.for(target.url, custom).fetch(target.url, { expect }, signal);
        page = { url: response.url, text: response.text };
        pages.set(expect, page);
      }
      for (const [field, values] of readActorPage(set, page)) {
        fields.set(field, [...(fields.get(field) ?? []), ...values]);
      }
    }
    return this.deps.repo.transaction(async (tx) => {
      const row = await tx.actor(target.actorId);
      if (!row) return false;
      const locks = journalLocks(await tx.journal(row.id));
      const values = planActorScrape(row, fields, locks, {
        overwrite,
        urlType: (url) => {
          const type = urlSource(url);
          return this.setsOf({ ...target, url, type }).length > 0 ? type : '';
        },
      });
      const changed = Object.keys(values).length > 0;
      if (changed) await tx.updateActor(row.id, values);
      await tx.recordScrape(
        row,
        { source: target.type, url: target.url, data: scrapeData(fields) },
        MATCH_TYPE_ACTOR_URL_EDIT,
      );
      return changed;
    });
  }
}
