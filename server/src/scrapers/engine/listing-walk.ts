import type { RequestSpec } from '../definitions/definition.schema';
import { ScrapeBlockedError } from '../http/scrape-fetcher';
import { getRequest, renderRequest, requestKey, type PageRequest } from './requests';
import type { ScriptFlags, SiteScrapeInput, SiteScrapeResult } from './site-scraper';

/**
 * The listing walk both engines share: one walk per listing URL template, page after page, known scenes
 * skipped (never fetched), the new ones of a page scraped before the next page is read. A walk ends on a
 * page with no entries, when the engine says there is no more, on a page that brings no link not seen
 * before in this run, after the page where the first known scene appears (stopAtKnown), after
 * `limit_pages` pages (limitScraping), after the page count `listing.pages` read on the first page, or at
 * `max_pages`. With `follow_all` every pagination link is queued (each page once) and the walk ends when the
 * queue is empty. The signal is checked before every request.
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
  /** With `follow_all`: every pagination link of the page. */
  nextUrls?: string[];
  /** Items of the page left out by `item_where` (the page is not empty for them). */
  filtered?: number;
  /** The page count (`listing.pages`), when this page tells it. */
  pageCount?: number | null;
}

export interface WalkCallbacks<T> {
  /** Reads one listing page; `pageIndex` counts the pages of this walk from 0. */
  readPage(request: PageRequest, pageIndex: number): Promise<ListingPage<T>>;
  /** Scrapes one new scene; a failure of the scene alone is reported by the engine through `reject`. */
  scrapeEntry(entry: ListingEntry<T>): Promise<void>;
  /** The script flags an entry shows (`listing.scripts`), or null when it shows none. */
  scriptFlags?(entry: ListingEntry<T>): Omit<ScriptFlags, 'sceneUrl'> | null;
}

/** True for errors that must end the run instead of failing one scene. */
export function endsTheRun(error: unknown, signal: AbortSignal): boolean {
  return error instanceof ScrapeBlockedError || signal.aborted;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A listing page request: the template with {page}, {offset} and the site's (and session) variables. */
export function listingPageRequest(
  template: RequestSpec,
  pageIndex: number,
  input: Pick<SiteScrapeInput, 'definition' | 'site'>,
): PageRequest | null {
  const { listing } = input.definition;
  const numbers: Record<string, string> = {
    page: String(listing.first_page + pageIndex),
    offset: String(pageIndex * listing.page_size),
  };
  return renderRequest(template, (name) => numbers[name], input.definition, input.site, undefined, true);
}

function isPaged(template: RequestSpec): boolean {
  const text = typeof template === 'string' ? template : `${template.url}\n${template.body ?? ''}`;
  return /\{(?:[a-z]+:)?(?:page|offset)\}/.test(text);
}

export async function walkListing<T>(
  input: SiteScrapeInput,
  callbacks: WalkCallbacks<T>,
): Promise<SiteScrapeResult> {
  const { listing } = input.definition;
  const result: SiteScrapeResult = { scenesSeen: 0, listingPages: 0, stoppedAtKnown: false };
  const linksSeen = new Set<string>();

  for (const template of listing.urls) {
    const paged = isPaged(template);
    const visited = new Set<string>();
    let pageIndex = 0;
    let pageCount: number | null = null;
    const first = listingPageRequest(template, pageIndex, input);
    const queue: PageRequest[] = first === null ? [] : [first];
    let walkPages = 0;
    while (queue.length > 0) {
      const request = queue.shift() as PageRequest;
      if (visited.has(requestKey(request))) continue;
      input.signal.throwIfAborted();
      visited.add(requestKey(request));
      const page = await callbacks.readPage(request, walkPages);
      result.listingPages++;
      walkPages++;
      if (walkPages === 1 && page.pageCount !== undefined) pageCount = page.pageCount;

      let sawKnown = false;
      let freshLinks = 0;
      const fresh: ListingEntry<T>[] = [];
      const scripted: ScriptFlags[] = [];
      for (const entry of page.entries) {
        result.scenesSeen++;
        if (!linksSeen.has(entry.url)) {
          linksSeen.add(entry.url);
          freshLinks++;
          if (input.isKnown(entry.url)) {
            sawKnown = true;
            const flags = input.scriptUpdates ? callbacks.scriptFlags?.(entry) : null;
            if (flags) scripted.push({ sceneUrl: entry.url, ...flags });
          } else fresh.push(entry);
        } else if (input.isKnown(entry.url)) {
          sawKnown = true;
        }
      }
      if (scripted.length > 0) await input.scriptUpdates?.(scripted);
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
      if (pageCount !== null && walkPages >= pageCount) break;
      if (listing.follow_all) {
        for (const url of page.nextUrls ?? []) queue.push(getRequest(url, input.definition, input.site));
        continue;
      }
      const filtered = page.filtered ?? 0;
      if (page.entries.length + filtered === 0 || !page.more || (freshLinks === 0 && filtered === 0)) break;
      if (page.nextUrl !== undefined) {
        if (page.nextUrl !== null) queue.push(getRequest(page.nextUrl, input.definition, input.site));
      } else if (paged) {
        pageIndex++;
        const next = listingPageRequest(template, pageIndex, input);
        if (next !== null) queue.push(next);
      }
    }
  }
  return result;
}
