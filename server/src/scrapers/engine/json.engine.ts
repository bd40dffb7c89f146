import { jsonGet } from '../../players/trailers/json-path';
import { ScrapeHttpError, type ScrapeResponse } from '../http/scrape-fetcher';
import { parseCsv } from './csv';
import { fetchExtraPages } from './extra-pages';
import { jsonStrings, runExtractor } from './extract';
import { endsTheRun, errorText, walkListing, type ListingEntry, type ListingPage } from './listing-walk';
import { fetchRequest, renderRequest, requestUrlTemplate, type PageRequest } from './requests';
import { buildScene, type BuildResult } from './scene-builder';
import { jsonScope, type SceneDocument } from './scene-document';
import { chainResolvers, itemResolver, normaliseUrl, siteVariables, urlPatternGroups } from './scene-vars';
import type { SceneUrlInput, SiteScrapeInput, SiteScrapeResult } from './site-scraper';
import { readScriptFlags } from './script-flags';
import { mapResolver, renderTemplate } from './template';

/**
 * The json engine: paginated APIs (and CSV feeds, `listing.format: csv`, whose rows are the items). Items at
 * `listing.items`; paging ends by `total`, `has_more`, `page_count`, `pages` or an empty page; `item_url` (a
 * template over the item) is the scene's homepage and known-scene key; `detail_url`, when set, is fetched as
 * the scene document, else the item is it.
 */

type Input = Pick<SiteScrapeInput, 'definition' | 'site' | 'fetcher' | 'signal'>;

function parseJson(response: ScrapeResponse): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw new ScrapeHttpError(`not JSON: ${response.url}`, response.url, response.status);
  }
}

/** A listing document: JSON, or a CSV feed as an array of rows (the header row dropped when declared). */
function parseListing(input: Input, response: ScrapeResponse): unknown {
  const { listing } = input.definition;
  if (listing.format !== 'csv') return parseJson(response);
  const rows = parseCsv(response.text);
  return listing.csv_header ? rows.slice(1) : rows;
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

function itemVars(input: Pick<Input, 'site'>, item: unknown, extra: Record<string, string> = {}) {
  const site = { ...siteVariables(input.site), ...extra };
  return chainResolvers(itemResolver(item), (name) => site[name]);
}

/** Whether the listing document says there are pages after this one. */
function hasMore(input: Input, doc: unknown, pageIndex: number, itemsSoFar: number): boolean {
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

function pageCountOf(input: Input, url: string, doc: unknown): number | null {
  const spec = input.definition.listing.pages;
  if (spec === undefined) return null;
  const document: SceneDocument = { url, html: null, json: doc, card: null, item: undefined };
  const vars = mapResolver(siteVariables(input.site));
  const count = Number(runExtractor(spec, { doc: document, vars }, false, jsonScope(doc))[0]);
  return Number.isInteger(count) && count > 0 ? count : null;
}

/** `listing.item_where` as a predicate over items (every item passes without it). */
function itemFilter(input: Input): (item: unknown) => boolean {
  const where = input.definition.listing.item_where;
  if (where === undefined) return () => true;
  const valueOf = (item: unknown) => jsonStrings(jsonGet(item, where.json))[0] ?? '';
  if (where.matches !== undefined) {
    const regex = new RegExp(where.matches);
    return (item) => regex.test(valueOf(item));
  }
  const wanted = renderTemplate(where.equals ?? '', itemVars(input, undefined)).text.toLowerCase();
  return (item) => valueOf(item).toLowerCase() === wanted;
}

function readListing(
  input: Input & Pick<SiteScrapeInput, 'reject'>,
  url: string,
  doc: unknown,
  pageIndex: number,
  itemsBefore: number,
): ListingPage<unknown> & { itemCount: number } {
  const { listing, scene } = input.definition;
  const found = listing.items === undefined ? doc : jsonGet(doc, listing.items);
  const all: unknown[] = Array.isArray(found) ? found : [];
  const keep = itemFilter(input);
  const items = all.filter(keep);
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
  const page: ListingPage<unknown> & { itemCount: number } = {
    entries,
    more: hasMore(input, doc, pageIndex, itemsBefore + all.length),
    itemCount: all.length,
    filtered: all.length - items.length,
  };
  if (pageIndex === 0) page.pageCount = pageCountOf(input, url, doc);
  return page;
}

function jsonDocument(url: string, json: unknown, item: unknown): SceneDocument {
  return { url, html: null, json, card: null, item };
}

async function fetchJson(input: Input, request: PageRequest): Promise<unknown> {
  return parseJson(await fetchRequest(input.fetcher, request, 'json', input.signal));
}

/** The scene of one listing entry: its detail document (if declared) and extra pages, built. */
async function entryScene(
  input: Input,
  entry: ListingEntry<unknown>,
  extraVars?: Record<string, string>,
): Promise<BuildResult> {
  const { listing } = input.definition;
  let doc = entry.payload;
  if (listing.detail_url !== undefined) {
    const request = renderRequest(
      listing.detail_url,
      itemVars(input, entry.payload),
      input.definition,
      input.site,
      entry.url,
    );
    if (request === null)
      return { ok: false, reason: `no detail URL (${requestUrlTemplate(listing.detail_url)})` };
    doc = await fetchJson(input, request);
  }
  const document = jsonDocument(entry.url, doc, entry.payload);
  document.extras = await fetchExtraPages({ ...input, sceneUrl: entry.url, item: entry.payload, extraVars });
  return buildScene({
    definition: input.definition,
    site: input.site,
    doc: document,
    sceneUrl: entry.url,
    extraVars,
  });
}

function walk(input: SiteScrapeInput, scrapeEntry: (entry: ListingEntry<unknown>) => Promise<void>) {
  // Items read so far in the current walk (each listing template starts a walk at page index 0).
  let itemsSoFar = 0;
  return walkListing<unknown>(input, {
    async readPage(request, pageIndex) {
      if (pageIndex === 0) itemsSoFar = 0;
      // A CSV feed is asked for as a browser would (its Accept takes any type).
      const expect = input.definition.listing.format === 'csv' ? 'html' : 'json';
      const response = await fetchRequest(input.fetcher, request, expect, input.signal);
      const page = readListing(input, request.url, parseListing(input, response), pageIndex, itemsSoFar);
      itemsSoFar += page.itemCount;
      return page;
    },
    scrapeEntry,
    scriptFlags(entry) {
      const doc = jsonDocument(entry.url, entry.payload, entry.payload);
      return readScriptFlags(
        input.definition,
        { doc, vars: itemVars(input, entry.payload) },
        jsonScope(entry.payload),
      );
    },
  });
}

export async function scrapeJsonSite(input: SiteScrapeInput): Promise<SiteScrapeResult> {
  return walk(input, async (entry) => {
    let built: BuildResult;
    try {
      built = await entryScene(input, entry);
    } catch (error) {
      if (endsTheRun(error, input.signal)) throw error;
      input.reject(entry.url, errorText(error));
      return;
    }
    if (built.ok) await input.emit(built.scene);
    else input.reject(entry.url, built.reason);
  });
}

/** One scene by URL from the listing (`single_scene.from_listing`): the walk until its item appears. */
async function sceneFromListing(input: SceneUrlInput, extra: Record<string, string>): Promise<BuildResult> {
  const wanted = normaliseUrl(input.url, input.definition.scene.url_normalise);
  const stop = new AbortController();
  const signal = AbortSignal.any([input.signal, stop.signal]);
  let result: BuildResult | null = null;
  try {
    await walk(
      {
        ...input,
        signal,
        isKnown: () => false,
        stopAtKnown: false,
        limitScraping: false,
        emit: () => Promise.resolve(),
        reject: () => undefined,
      },
      async (entry) => {
        if (entry.url !== wanted) return;
        result = await entryScene({ ...input, signal: input.signal }, entry, extra);
        stop.abort(new Error('found'));
      },
    );
  } catch (error) {
    if (result === null || input.signal.aborted) throw error;
  }
  return result ?? { ok: false, reason: `${input.url} is not on the listing` };
}

/** One scene by URL: `single_scene.detail_url` (URL pattern groups and additional info as variables). */
export async function scrapeJsonSceneUrl(input: SceneUrlInput): Promise<BuildResult> {
  const single = input.definition.single_scene;
  const extra = { url: input.url, ...urlPatternGroups(input.definition, input.url), ...input.additionalInfo };
  if (single?.from_listing === true) return sceneFromListing(input, extra);
  const template = single?.detail_url;
  if (template === undefined) {
    return { ok: false, reason: `${input.definition.id} has no single_scene.detail_url to read one scene` };
  }
  const request = renderRequest(
    template,
    itemVars(input, undefined, extra),
    input.definition,
    input.site,
    input.url,
  );
  if (request === null) {
    return { ok: false, reason: `no detail URL for ${input.url} (${requestUrlTemplate(template)})` };
  }
  const answer = await fetchJson(input, request);
  const doc = single?.detail_path === undefined ? answer : jsonGet(answer, single.detail_path);
  const document = jsonDocument(input.url, doc, doc);
  document.extras = await fetchExtraPages({ ...input, sceneUrl: input.url, item: doc, extraVars: extra });
  return buildScene({
    definition: input.definition,
    site: input.site,
    doc: document,
    sceneUrl: input.url,
    extraVars: extra,
  });
}
