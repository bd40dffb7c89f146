import type { ScrapeRunKind, Site } from '@fovea/contract';
import type { ScrapeRunResult } from '../../repositories/scrape-run.repository';
import type { ScraperDefinition, SiteEntry } from '../definitions/definition.schema';
import type { SceneUrlInput, SiteScrapeInput, SiteScrapeResult } from '../engine/site-scraper';
import type { HttpSpec } from '../definitions/definition.schema';
import type { ScrapeFetcher } from '../http/scrape-fetcher';
import type { ScrapedScene } from '../scraped-scene';

/*
 * What the scrape runner needs from the other scraper parts, as narrow interfaces: the registry of
 * definitions, the HTTP layer, the engines, the sites table, the run records and the scene writer.
 */

/** A site with the definition object a run keeps from start to end (a reload never changes it). */
export interface DefinedSite {
  definition: ScraperDefinition;
  site: SiteEntry;
  /** Shipped with Fovea (false: the owner's definition from the data folder). */
  builtin: boolean;
}

export interface DefinitionLookup {
  site(siteId: string): DefinedSite | null | undefined;
  /** The site whose single-scene URL patterns match, or null. */
  routeUrl(url: string): DefinedSite | null;
}

export interface FetcherFactory {
  session(input: { siteId: string; http: HttpSpec; allowPrivate: boolean }): ScrapeFetcher;
}

export interface ScrapeEngines {
  scrapeSite(input: SiteScrapeInput): Promise<SiteScrapeResult>;
  scrapeSceneUrl(input: SceneUrlInput): Promise<ScrapedScene>;
}

export interface SiteRows {
  list(): Promise<Site[]>;
  markScraped(siteId: string, at: Date): Promise<void>;
}

/** The figures a finished run records (contract ScrapeRun without its id, site, kind and start). */
export type RunResult = ScrapeRunResult;

export interface RunRecords {
  start(siteId: string, kind: ScrapeRunKind, definitionVersion: number): Promise<number>;
  finish(runId: number, result: RunResult): Promise<void>;
}

export interface BatchOutcome {
  created: string[];
  updated: string[];
  unchanged: string[];
}

export interface SceneStore {
  writeBatch(scenes: ScrapedScene[]): Promise<BatchOutcome>;
  knownSceneUrls(): Promise<Set<string>>;
  scenesNeedingUpdate(): Promise<{ sceneId: string; scraperId: string; sceneUrl: string }[]>;
}

export interface UnmatchedFiles {
  matchUnmatched(): Promise<{ matched: number }>;
}
