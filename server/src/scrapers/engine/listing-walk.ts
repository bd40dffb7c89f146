import { ScrapeBlockedError } from '../http/scrape-fetcher';
import type { SiteScrapeInput, SiteScrapeResult } from './site-scraper';
import { siteVariables } from './scene-vars';
import { chainResolvers, itemResolver } from './scene-vars';
import { renderTemplate } from './template';

/**
 * The listing walk both engines share: one walk per listing URL template, page after page, known scenes
 * skipped (never fetched), the new ones of a page scraped before the next page is read. A walk ends on a
 * page with no entries, when the engine says there is no more, on a page that brings no link not seen
 * before in this run, after the page where the first known scene appears (stopAtKnown), after
 * `limit_pages` pages (limitScraping), or at `max_pages`. The signal is checked before every request.
 */

export interface ListingEntry<T> {
  /** The scene URL, absolute and normalised: the known-scene key. */
  url: string;
  payload: T;
}

export interface ListingPage<T> {
  entries: ListingEntry<T>[];
  /** False when the page itself says it is the last (total, has_more, page_count). */
  more: boolean;
  /** The next page link (html `next`): a URL, or null for "no next link". Undefined: follow the template. */
  nextUrl?: string | null;
}

export interface WalkCallbacks<T> {
  /** Reads one listing page; `pageIndex` counts the pages of this walk from 0. */
  readPage(url: string, pageIndex: number): Promise<ListingPage<T>>;
  /** Scrapes one new scene; a failure of the scene alone is reported by the engine through `reject`. */
  scrapeEntry(entry: ListingEntry<T>): Promise<void>;
}

/** True for errors that must end the run instead of failing one scene. */
export function endsTheRun(error: unknown, signal: AbortSignal): boolean {
  return error instanceof ScrapeBlockedError || signal.aborted;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A listing page URL: the template with {page}, {offset} and the site's variables. */
export function listingPageUrl(template: string, pageIndex: number, input: SiteScrapeInput): string {
  const { listing } = input.definition;
  const numbers: Record<string, string> = {
    page: String(listing.first_page + pageIndex),
    offset: String(pageIndex * listing.page_size),
  };
  const site = siteVariables(input.site);
  return renderTemplate(
    template,
    chainResolvers(
      (name) => numbers[name],
      itemResolver(undefined),
      (name) => site[name],
    ),
  ).text;
}

export async function walkListing<T>(
  input: SiteScrapeInput,
  callbacks: WalkCallbacks<T>,
): Promise<SiteScrapeResult> {
  const { listing } = input.definition;
  const result: SiteScrapeResult = { scenesSeen: 0, listingPages: 0, stoppedAtKnown: false };
  const linksSeen = new Set<string>();

  for (const template of listing.urls) {
    const paged = /\{(?:page|offset)\}/.test(template);
    const visited = new Set<string>();
    let pageIndex = 0;
    let url: string | null = listingPageUrl(template, pageIndex, input);
    let walkPages = 0;
    while (url !== null && !visited.has(url)) {
      input.signal.throwIfAborted();
      visited.add(url);
      const page = await callbacks.readPage(url, walkPages);
      result.listingPages++;
      walkPages++;

      let sawKnown = false;
      let freshLinks = 0;
      const fresh: ListingEntry<T>[] = [];
      for (const entry of page.entries) {
        result.scenesSeen++;
        if (!linksSeen.has(entry.url)) {
          linksSeen.add(entry.url);
          freshLinks++;
          if (input.isKnown(entry.url)) sawKnown = true;
          else fresh.push(entry);
        } else if (input.isKnown(entry.url)) {
          sawKnown = true;
        }
      }
      for (const entry of fresh) {
        input.signal.throwIfAborted();
        await callbacks.scrapeEntry(entry);
      }

      if (sawKnown && input.stopAtKnown) {
        result.stoppedAtKnown = true;
        break;
      }
      if (input.limitScraping && walkPages >= listing.limit_pages) break;
      if (walkPages >= listing.max_pages) break;
      if (page.entries.length === 0 || !page.more || freshLinks === 0) break;
      if (page.nextUrl !== undefined) {
        url = page.nextUrl;
      } else if (paged) {
        pageIndex++;
        url = listingPageUrl(template, pageIndex, input);
      } else {
        url = null;
      }
    }
  }
  return result;
}
