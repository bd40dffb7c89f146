import { jsonGet } from '../../players/trailers/json-path';
import { ScrapeHttpError, type ScrapeResponse } from '../http/scrape-fetcher';
import { jsonStrings } from './extract';
import { endsTheRun, errorText, walkListing, type ListingEntry, type ListingPage } from './listing-walk';
import { buildScene, type BuildResult } from './scene-builder';
import type { SceneDocument } from './scene-document';
import { chainResolvers, itemResolver, normaliseUrl, siteVariables, urlPatternGroups } from './scene-vars';
import type { SceneUrlInput, SiteScrapeInput, SiteScrapeResult } from './site-scraper';
import { renderTemplate } from './template';

/**
 * The json engine: paginated APIs. Items at `listing.items`; paging ends by `total`, `has_more`,
 * `page_count` or an empty page; `item_url` (a template over the item) is the scene's homepage and
 * known-scene key; `detail_url`, when set, is fetched as the scene document, else the item is it.
 */

function parseJson(response: ScrapeResponse): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw new ScrapeHttpError(`not JSON: ${response.url}`, response.url, response.status);
  }
}

function absolute(url: string, base: string): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

function number(value: unknown): number | null {
  const text = jsonStrings(value)[0];
  if (text === undefined || text.trim() === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

function itemVars(
  input: { site: SiteScrapeInput['site'] },
  item: unknown,
  extra: Record<string, string> = {},
) {
  const site = { ...siteVariables(input.site), ...extra };
  return chainResolvers(itemResolver(item), (name) => site[name]);
}

/** Whether the listing document says there are pages after this one. */
function hasMore(input: SiteScrapeInput, doc: unknown, pageIndex: number, itemsSoFar: number): boolean {
  const { listing } = input.definition;
  if (listing.total !== undefined) {
    const total = number(jsonGet(doc, listing.total));
    const read = listing.page_size > 1 ? (pageIndex + 1) * listing.page_size : itemsSoFar;
    if (total !== null && read >= total) return false;
  }
  if (listing.has_more !== undefined) {
    const flag = jsonGet(doc, listing.has_more);
    if (flag !== undefined) {
      const text = (jsonStrings(flag)[0] ?? '').toLowerCase();
      if (text === '' || text === 'false' || text === '0' || text === 'null') return false;
    }
  }
  if (listing.page_count !== undefined) {
    const count = number(jsonGet(doc, listing.page_count));
    if (count !== null && pageIndex + 1 >= count) return false;
  }
  return true;
}

function readListing(
  input: SiteScrapeInput,
  url: string,
  doc: unknown,
  pageIndex: number,
  itemsBefore: number,
): ListingPage<unknown> & { itemCount: number } {
  const { listing, scene } = input.definition;
  const found = listing.items === undefined ? undefined : jsonGet(doc, listing.items);
  const items: unknown[] = Array.isArray(found) ? found : [];
  const entries: ListingEntry<unknown>[] = [];
  for (const item of items) {
    const rendered = renderTemplate(listing.item_url ?? '', itemVars(input, item));
    const sceneUrl = rendered.missing.length === 0 ? absolute(rendered.text, url) : null;
    if (sceneUrl === null) {
      input.reject(url, `an item without a scene URL (${listing.item_url ?? ''})`);
      continue;
    }
    entries.push({ url: normaliseUrl(sceneUrl, scene.url_normalise), payload: item });
  }
  return {
    entries,
    more: hasMore(input, doc, pageIndex, itemsBefore + items.length),
    itemCount: items.length,
  };
}

function jsonDocument(url: string, json: unknown, item: unknown): SceneDocument {
  return { url, html: null, json, card: null, item };
}

async function fetchJson(input: { fetcher: SiteScrapeInput['fetcher']; signal: AbortSignal }, url: string) {
  const response = await input.fetcher.fetch(url, { expect: 'json' }, input.signal);
  return parseJson(response);
}

export async function scrapeJsonSite(input: SiteScrapeInput): Promise<SiteScrapeResult> {
  const { listing } = input.definition;
  // Items read so far in the current walk (each listing template starts a walk at page index 0).
  let itemsSoFar = 0;
  return walkListing<unknown>(input, {
    async readPage(url, pageIndex) {
      if (pageIndex === 0) itemsSoFar = 0;
      const page = readListing(input, url, await fetchJson(input, url), pageIndex, itemsSoFar);
      itemsSoFar += page.itemCount;
      return page;
    },
    async scrapeEntry(entry) {
      let doc = entry.payload;
      if (listing.detail_url !== undefined) {
        const rendered = renderTemplate(listing.detail_url, itemVars(input, entry.payload));
        const detailUrl = rendered.missing.length === 0 ? absolute(rendered.text, entry.url) : null;
        if (detailUrl === null) {
          input.reject(entry.url, `no detail URL (${listing.detail_url})`);
          return;
        }
        try {
          doc = await fetchJson(input, detailUrl);
        } catch (error) {
          if (endsTheRun(error, input.signal)) throw error;
          input.reject(entry.url, errorText(error));
          return;
        }
      }
      const built = buildScene({
        definition: input.definition,
        site: input.site,
        doc: jsonDocument(entry.url, doc, entry.payload),
        sceneUrl: entry.url,
      });
      if (built.ok) await input.emit(built.scene);
      else input.reject(entry.url, built.reason);
    },
  });
}

/** One scene by URL: `single_scene.detail_url` (URL pattern groups and additional info as variables). */
export async function scrapeJsonSceneUrl(input: SceneUrlInput): Promise<BuildResult> {
  const template = input.definition.single_scene?.detail_url;
  if (template === undefined) {
    return { ok: false, reason: `${input.definition.id} has no single_scene.detail_url to read one scene` };
  }
  const extra = { url: input.url, ...urlPatternGroups(input.definition, input.url), ...input.additionalInfo };
  const rendered = renderTemplate(template, itemVars(input, undefined, extra));
  const detailUrl = rendered.missing.length === 0 ? absolute(rendered.text, input.url) : null;
  if (detailUrl === null) return { ok: false, reason: `no detail URL for ${input.url} (${template})` };
  const doc = await fetchJson(input, detailUrl);
  return buildScene({
    definition: input.definition,
    site: input.site,
    doc: jsonDocument(input.url, doc, doc),
    sceneUrl: input.url,
    extraVars: extra,
  });
}
