import { fetchExtraPages } from './extra-pages';
import { runExtractor, selectElements } from './extract';
import { endsTheRun, errorText, walkListing, type ListingEntry, type ListingPage } from './listing-walk';
import { fetchRequest, fetchSitePage } from './requests';
import { buildScene, type BuildResult } from './scene-builder';
import { cardScope, HtmlPage, type HtmlCard, type SceneDocument } from './scene-document';
import { normaliseUrl, siteVariables, urlPatternGroups } from './scene-vars';
import type { SceneUrlInput, SiteScrapeInput, SiteScrapeResult } from './site-scraper';
import { readScriptFlags } from './script-flags';
import { mapResolver } from './template';

/**
 * The html engine (cheerio): listing pages by template or `next` link(s), scene cards by `listing.item`, the
 * scene link by `listing.link` (made absolute against the listing page), then the scene page read with the
 * definition's extractors — or, with `listing.scene_page: false`, the card itself as the scene page.
 */

function absolute(url: string, base: string): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

function pageDocument(page: HtmlPage, card: HtmlCard | null): SceneDocument {
  return { url: page.url, html: page, json: undefined, card, item: undefined };
}

/** The page count of `listing.pages` (a positive whole number), or null. */
function pageCountOf(input: SiteScrapeInput, page: HtmlPage): number | null {
  const spec = input.definition.listing.pages;
  if (spec === undefined) return null;
  const vars = mapResolver(siteVariables(input.site));
  const count = Number(runExtractor(spec, { doc: pageDocument(page, null), vars }, false)[0]);
  return Number.isInteger(count) && count > 0 ? count : null;
}

function readListing(input: SiteScrapeInput, page: HtmlPage, pageIndex: number): ListingPage<HtmlCard> {
  const { listing, scene } = input.definition;
  const vars = mapResolver(siteVariables(input.site));
  const scope = page.scope();
  if (scope.kind !== 'html' || listing.item === undefined || listing.link === undefined) {
    return { entries: [], more: false };
  }
  const entries: ListingEntry<HtmlCard>[] = [];
  for (const element of selectElements(scope, listing.item)) {
    const card: HtmlCard = { page, element };
    const link = runExtractor(
      listing.link,
      { doc: pageDocument(page, card), vars },
      false,
      cardScope(card),
    )[0];
    const url = link === undefined ? null : absolute(link, page.url);
    if (url !== null) entries.push({ url: normaliseUrl(url, scene.url_normalise), payload: card });
  }
  const result: ListingPage<HtmlCard> = { entries, more: true };
  if (pageIndex === 0) result.pageCount = pageCountOf(input, page);
  if (listing.next && listing.follow_all) {
    result.nextUrls = runExtractor(listing.next, { doc: pageDocument(page, null), vars }, true)
      .map((next) => absolute(next, page.url))
      .filter((next): next is string => next !== null);
  } else if (listing.next) {
    const next = runExtractor(listing.next, { doc: pageDocument(page, null), vars }, false)[0];
    result.nextUrl = next === undefined ? null : absolute(next, page.url);
  }
  return result;
}

/** The scene page of an entry: fetched, or the card alone (`scene_page: false`). */
async function scenePage(input: SiteScrapeInput, entry: ListingEntry<HtmlCard>): Promise<HtmlPage> {
  if (!input.definition.listing.scene_page) {
    // The card stands for the scene page; its URL is the scene URL (`from: url`, base of relative links).
    const { page, element } = entry.payload;
    return new HtmlPage(page.$.html(element), entry.url);
  }
  const response = await fetchSitePage(
    input.fetcher,
    entry.url,
    'html',
    input.definition,
    input.site,
    input.signal,
  );
  return new HtmlPage(response.text, response.url);
}

export async function scrapeHtmlSite(input: SiteScrapeInput): Promise<SiteScrapeResult> {
  return walkListing<HtmlCard>(input, {
    async readPage(request, pageIndex) {
      const response = await fetchRequest(input.fetcher, request, 'html', input.signal);
      return readListing(input, new HtmlPage(response.text, response.url), pageIndex);
    },
    scriptFlags(entry) {
      const vars = mapResolver(siteVariables(input.site));
      const doc = pageDocument(entry.payload.page, entry.payload);
      return readScriptFlags(input.definition, { doc, vars }, cardScope(entry.payload));
    },
    async scrapeEntry(entry) {
      let page: HtmlPage;
      try {
        page = await scenePage(input, entry);
      } catch (error) {
        if (endsTheRun(error, input.signal)) throw error;
        input.reject(entry.url, errorText(error));
        return;
      }
      const doc = pageDocument(page, entry.payload);
      doc.extras = await fetchExtraPages({ ...input, sceneUrl: entry.url, item: undefined });
      const built = buildScene({ definition: input.definition, site: input.site, doc, sceneUrl: entry.url });
      if (built.ok) await input.emit(built.scene);
      else input.reject(entry.url, built.reason);
    },
  });
}

export async function scrapeHtmlSceneUrl(input: SceneUrlInput): Promise<BuildResult> {
  const response = await fetchSitePage(
    input.fetcher,
    input.url,
    'html',
    input.definition,
    input.site,
    input.signal,
  );
  const page = new HtmlPage(response.text, response.url);
  const extraVars = { ...urlPatternGroups(input.definition, input.url), ...input.additionalInfo };
  const doc = pageDocument(page, null);
  doc.extras = await fetchExtraPages({ ...input, sceneUrl: input.url, item: undefined, extraVars });
  return buildScene({
    definition: input.definition,
    site: input.site,
    doc,
    sceneUrl: input.url,
    extraVars,
  });
}
