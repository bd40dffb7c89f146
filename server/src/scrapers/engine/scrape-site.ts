import type { ScrapedScene } from '../scraped-scene';
import { scrapeHtmlSceneUrl, scrapeHtmlSite } from './html.engine';
import { scrapeJsonSceneUrl, scrapeJsonSite } from './json.engine';
import { withSessionValues } from './session-vars';
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

/**
 * Walks a site's listing with the engine its definition names (see SiteScrapeInput), after reading the
 * definition's session values once (`{session.<name>}`).
 */
export async function scrapeSite(input: SiteScrapeInput): Promise<SiteScrapeResult> {
  const site = await withSessionValues(input.definition, input.site, input.fetcher, input.signal);
  const withSession = { ...input, site };
  return input.definition.engine === 'json' ? scrapeJsonSite(withSession) : scrapeHtmlSite(withSession);
}

/**
 * Scrapes one scene page (single-scene scrape). Throws SceneRejectedError when the page gives no usable scene,
 * and the fetcher's errors (ScrapeHttpError, ScrapeBlockedError) as they are.
 */
export async function scrapeSceneUrl(input: SceneUrlInput): Promise<ScrapedScene> {
  const site = await withSessionValues(input.definition, input.site, input.fetcher, input.signal);
  const withSession = { ...input, site };
  const built =
    input.definition.engine === 'json'
      ? await scrapeJsonSceneUrl(withSession)
      : await scrapeHtmlSceneUrl(withSession);
  if (!built.ok) throw new SceneRejectedError(built.reason, input.url);
  return built.scene;
}
