import type { ScrapedScene } from '../scraped-scene';
import { scrapeHtmlSceneUrl, scrapeHtmlSite } from './html.engine';
import { scrapeJsonSceneUrl, scrapeJsonSite } from './json.engine';
import type { SceneUrlInput, SiteScrapeInput, SiteScrapeResult } from './site-scraper';

/** A single-scene scrape that gave no usable scene (a required field empty, no scene id...). */
export class SceneRejectedError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'SceneRejectedError';
  }
}

/** Walks a site's listing with the engine its definition names (see SiteScrapeInput). */
export async function scrapeSite(input: SiteScrapeInput): Promise<SiteScrapeResult> {
  return input.definition.engine === 'json' ? scrapeJsonSite(input) : scrapeHtmlSite(input);
}

/**
 * Scrapes one scene page (single-scene scrape). Throws SceneRejectedError when the page gives no usable scene,
 * and the fetcher's errors (ScrapeHttpError, ScrapeBlockedError) as they are.
 */
export async function scrapeSceneUrl(input: SceneUrlInput): Promise<ScrapedScene> {
  const built =
    input.definition.engine === 'json' ? await scrapeJsonSceneUrl(input) : await scrapeHtmlSceneUrl(input);
  if (!built.ok) throw new SceneRejectedError(built.reason, input.url);
  return built.scene;
}
