import { runExtractor, selectElements } from './extract';
import { endsTheRun, errorText, walkListing, type ListingEntry, type ListingPage } from './listing-walk';
import { buildScene, type BuildResult } from './scene-builder';
import { cardScope, HtmlPage, type HtmlCard, type SceneDocument } from './scene-document';
import { normaliseUrl, siteVariables, urlPatternGroups } from './scene-vars';
import type { SceneUrlInput, SiteScrapeInput, SiteScrapeResult } from './site-scraper';
import { mapResolver } from './template';

/**
 * The html engine (cheerio): listing pages by template or `next` link, scene cards by `listing.item`, the
 * scene link by `listing.link` (made absolute against the listing page), then the scene page read with the
 * definition's extractors.
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

function readListing(input: SiteScrapeInput, page: HtmlPage): ListingPage<HtmlCard> {
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
  let nextUrl: string | null | undefined;
  if (listing.next) {
    const next = runExtractor(listing.next, { doc: pageDocument(page, null), vars }, false)[0];
    nextUrl = next === undefined ? null : absolute(next, page.url);
  }
  return { entries, more: true, nextUrl };
}

export async function scrapeHtmlSite(input: SiteScrapeInput): Promise<SiteScrapeResult> {
  return walkListing<HtmlCard>(input, {
    async readPage(url) {
      const response = await input.fetcher.fetch(url, { expect: 'html' }, input.signal);
      return readListing(input, new HtmlPage(response.text, response.url));
    },
    async scrapeEntry(entry) {
      let page: HtmlPage;
      try {
        const response = await input.fetcher.fetch(entry.url, { expect: 'html' }, input.signal);
        page = new HtmlPage(response.text, response.url);
      } catch (error) {
        if (endsTheRun(error, input.signal)) throw error;
        input.reject(entry.url, errorText(error));
        return;
      }
      const built = buildScene({
        definition: input.definition,
        site: input.site,
        doc: pageDocument(page, entry.payload),
        sceneUrl: entry.url,
      });
      if (built.ok) await input.emit(built.scene);
      else input.reject(entry.url, built.reason);
    },
  });
}

export async function scrapeHtmlSceneUrl(input: SceneUrlInput): Promise<BuildResult> {
  const response = await input.fetcher.fetch(input.url, { expect: 'html' }, input.signal);
  const page = new HtmlPage(response.text, response.url);
  return buildScene({
    definition: input.definition,
    site: input.site,
    doc: pageDocument(page, null),
    sceneUrl: input.url,
    extraVars: { ...urlPatternGroups(input.definition, input.url), ...input.additionalInfo },
  });
}
