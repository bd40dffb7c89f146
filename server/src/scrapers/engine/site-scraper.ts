import type { ScraperDefinition, SiteEntry } from '../definitions/definition.schema';
import type { ScrapeFetcher } from '../http/scrape-fetcher';
import type { ScrapedScene } from '../scraped-scene';

/**
 * The engines' contract with the scrape runner. `scrapeSite` walks a site's listing (html or json engine,
 * chosen by the definition), skips known scenes, and hands every parsed scene to `emit`; `scrapeSceneUrl`
 * scrapes one scene page (single-scene scrape). Both take the definition object the run started with.
 */
export interface SiteScrapeInput {
  definition: ScraperDefinition;
  site: SiteEntry;
  fetcher: ScrapeFetcher;
  /** True for a scene URL (normalised by the definition's url_normalise) already in the library. */
  isKnown(url: string): boolean;
  /** Stop the walk after the listing page on which the first known scene appears. */
  stopAtKnown: boolean;
  /** Read only the first `listing.limit_pages` pages. */
  limitScraping: boolean;
  signal: AbortSignal;
  /** Hands one parsed scene to the writer; resolves when it is accepted (backpressure). */
  emit(scene: ScrapedScene): Promise<void>;
  /** A scene page that gave no usable scene (a required field missing, a failing fetch of one page). */
  reject(url: string, reason: string): void;
  /**
   * Set when funscripts.scrapeFunscripts is on: the known scenes of one listing page whose entries show
   * scripts (`listing.scripts`), for a script-only update. Unset: known scenes are skipped entirely.
   */
  scriptUpdates?(updates: ScriptFlags[]): Promise<void>;
}

/** What a listing entry says about a known scene's scripts. */
export interface ScriptFlags {
  sceneUrl: string;
  aiScript: boolean;
  humanScript: boolean;
}

export interface SiteScrapeResult {
  /** Scene links found on the listing pages (known ones included). */
  scenesSeen: number;
  /** Listing pages walked. */
  listingPages: number;
  /** The walk ended at a known scene. */
  stoppedAtKnown: boolean;
}

export interface SceneUrlInput {
  definition: ScraperDefinition;
  site: SiteEntry;
  fetcher: ScrapeFetcher;
  url: string;
  /** The single-scrape additional-info values by fieldName (template variables too). */
  additionalInfo: Record<string, string>;
  signal: AbortSignal;
}
