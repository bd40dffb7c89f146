import type { ScraperDefinition, SiteEntry } from '../../../src/scrapers/definitions/definition.schema';
import { scrapeSite } from '../../../src/scrapers/engine/scrape-site';
import type { ScriptFlags, SiteScrapeResult } from '../../../src/scrapers/engine/site-scraper';
import type { ScrapeFetcher } from '../../../src/scrapers/http/scrape-fetcher';
import type { ScrapedScene } from '../../../src/scrapers/scraped-scene';

/** What one engine run produced: the scenes emitted, the rejects, the result (or the error it ended with). */
export interface EngineRun {
  scenes: ScrapedScene[];
  rejects: { url: string; reason: string }[];
  /** Known scenes whose listing entries show scripts (script-only updates; asked for in every run here). */
  scriptUpdates: ScriptFlags[];
  result: SiteScrapeResult | null;
  error: unknown;
}

export interface RunOptions {
  definition: ScraperDefinition;
  site?: SiteEntry;
  fetcher: ScrapeFetcher;
  known?: readonly string[];
  stopAtKnown?: boolean;
  limitScraping?: boolean;
  signal?: AbortSignal;
}

export async function runEngine(options: RunOptions): Promise<EngineRun> {
  const site = options.site ?? options.definition.sites[0];
  if (!site) throw new Error('a definition without sites');
  const known = new Set(options.known ?? []);
  const run: EngineRun = { scenes: [], rejects: [], scriptUpdates: [], result: null, error: null };
  try {
    run.result = await scrapeSite({
      definition: options.definition,
      site,
      fetcher: options.fetcher,
      isKnown: (url) => known.has(url),
      stopAtKnown: options.stopAtKnown ?? false,
      limitScraping: options.limitScraping ?? false,
      signal: options.signal ?? new AbortController().signal,
      emit: (scene) => {
        run.scenes.push(scene);
        return Promise.resolve();
      },
      reject: (url, reason) => run.rejects.push({ url, reason }),
      scriptUpdates: (updates) => {
        run.scriptUpdates.push(...updates);
        return Promise.resolve();
      },
    });
  } catch (error) {
    run.error = error;
  }
  return run;
}

/** The definition's first site (every definition has one). */
export function firstSite(definition: ScraperDefinition): SiteEntry {
  const site = definition.sites[0];
  if (!site) throw new Error(`definition ${definition.id} has no site`);
  return site;
}
