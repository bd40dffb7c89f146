import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';

/**
 * What one scene is read from: the scene page (HTML, or the JSON scene document of the json engine), the
 * listing card or item it was found on, the URL, and the embedded JSON of an HTML page (JSON-LD blocks,
 * `__NEXT_DATA__`, a selected script), parsed lazily and once.
 */

/** Where an extractor runs: part of an HTML document, or JSON values. `raw()` is the text regexes run on. */
export type Scope =
  | { kind: 'html'; $: CheerioAPI; root: Cheerio<AnyNode> | null; raw: () => string }
  | { kind: 'json'; values: unknown[]; raw: () => string }
  | { kind: 'none' };

/** JSON text of a value, made only when a regex asks for it. */
export function jsonText(value: unknown): () => string {
  return () => JSON.stringify(value) ?? '';
}

export const NO_SCOPE: Scope = { kind: 'none' };

export function parseJsonLoose(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    // Script text such as `var data = {...};`: the outermost object or array in it.
    const start = trimmed.search(/[{[]/);
    const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
    if (start === -1 || end <= start) return undefined;
    try {
      return JSON.parse(trimmed.slice(start, end + 1)) as unknown;
    } catch {
      return undefined;
    }
  }
}

function isVideoObject(block: unknown): boolean {
  if (typeof block !== 'object' || block === null) return false;
  const type = (block as Record<string, unknown>)['@type'];
  return type === 'VideoObject' || (Array.isArray(type) && type.includes('VideoObject'));
}

function flattenLd(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(flattenLd);
  if (typeof value === 'object' && value !== null) {
    const graph = (value as Record<string, unknown>)['@graph'];
    if (Array.isArray(graph)) return [value, ...graph.flatMap(flattenLd)];
    return [value];
  }
  return [];
}

export class HtmlPage {
  readonly $: CheerioAPI;
  private ldBlocks: unknown[] | undefined;
  private nextData: unknown;
  private nextDataRead = false;
  private readonly scripts = new Map<string, unknown>();

  constructor(
    readonly text: string,
    readonly url: string,
  ) {
    this.$ = load(text);
  }

  scope(): Scope {
    return { kind: 'html', $: this.$, root: null, raw: () => this.text };
  }

  /** JSON-LD blocks, VideoObject ones first (arrays and @graph flattened). */
  ldJson(): unknown[] {
    if (this.ldBlocks === undefined) {
      const blocks = this.$('script[type="application/ld+json"]')
        .toArray()
        .flatMap((element) => flattenLd(parseJsonLoose(this.$(element).text())));
      this.ldBlocks = [...blocks.filter(isVideoObject), ...blocks.filter((block) => !isVideoObject(block))];
    }
    return this.ldBlocks;
  }

  /** The first JSON-LD VideoObject, if any. */
  videoObject(): Record<string, unknown> | null {
    const first = this.ldJson()[0];
    return isVideoObject(first) ? (first as Record<string, unknown>) : null;
  }

  nextDataJson(): unknown {
    if (!this.nextDataRead) {
      this.nextData = parseJsonLoose(this.$('script#__NEXT_DATA__').first().text());
      this.nextDataRead = true;
    }
    return this.nextData;
  }

  /** The JSON in the first script the selector picks. */
  scriptJson(selector: string): { value: unknown; raw: string } {
    const raw = this.$(selector).first().text();
    if (!this.scripts.has(selector)) this.scripts.set(selector, parseJsonLoose(raw));
    return { value: this.scripts.get(selector), raw };
  }

  /** `<meta property|name=...>` content values. */
  meta(name: string): string[] {
    return this.$(`meta[property="${name}"], meta[name="${name}"]`)
      .toArray()
      .map((element) => (this.$(element).attr('content') ?? '').trim())
      .filter((value) => value !== '');
  }
}

/** The listing card a scene link was found in (html engine). */
export interface HtmlCard {
  page: HtmlPage;
  element: Cheerio<AnyNode>;
}

/** An extra page of a scene (`scene.extra_pages`): an HTML page or a JSON document. */
export interface ExtraDocument {
  html: HtmlPage | null;
  json: unknown;
}

export interface SceneDocument {
  /** The scene page URL (final URL for fetched pages): the `url` source and base of relative links. */
  url: string;
  /** The scene page (html engine). */
  html: HtmlPage | null;
  /** The scene's JSON document (json engine: detail document, else the listing item). */
  json: unknown;
  /** The listing card (html engine) or item (json engine). */
  card: HtmlCard | null;
  item: unknown;
  /** The scene's extra pages by name (`from: extra:<name>`). */
  extras?: Record<string, ExtraDocument>;
}

/** One element of a document as a scope (its outer HTML is the regex text). */
export function elementScope($: CheerioAPI, element: Cheerio<AnyNode>): Scope {
  return { kind: 'html', $, root: element, raw: () => $.html(element) };
}

export function cardScope(card: HtmlCard): Scope {
  return elementScope(card.page.$, card.element);
}

export function jsonScope(value: unknown): Scope {
  return value === undefined ? NO_SCOPE : { kind: 'json', values: [value], raw: jsonText(value) };
}
