import type { Logger } from '../../logging/logger';
import { boundedSignal } from './bounded-signal';
import {
  cleanSources,
  fromDeovrScene,
  fromHeresphereVideo,
  fromHtmlJson,
  fromHtmlPage,
  fromJsonText,
  fromVideoSourceList,
  fromVrpornItem,
} from './trailer-extract';
import {
  DEFAULT_TRAILER_HTTP_LIMITS,
  TrailerFetchError,
  TrailerHttp,
  type TrailerConfigStore,
  type TrailerHttpLimits,
} from './trailer-http';
import {
  httpUrl,
  labelledSource,
  parseJson,
  parseTrailerScrape,
  trailerConfigKey,
  type TrailerScene,
  type TrailerScrape,
  type TrailerSource,
} from './trailer-source';

export type { TrailerScene, TrailerSource } from './trailer-source';

export interface TrailerResolverDeps {
  /** Per-site headers and cookies: KV rows `<core domain>-trailers` (pass the KvRepository). */
  store: TrailerConfigStore;
  logger: Logger;
  /** Bound on one whole `sources()` call (default 20 s); each fetch is also bounded by `http.timeoutMs`. */
  timeoutMs?: number;
  http?: Partial<TrailerHttpLimits>;
}

/** The trailer types of xbvr-facts §7.9. */
export const TRAILER_TYPES = [
  'heresphere',
  'slr',
  'deovr',
  'url',
  'urls',
  'scrape_html',
  'scrape_json',
  'load_json',
  'vrporn',
] as const;
export type TrailerType = (typeof TRAILER_TYPES)[number];

const MAX_SOURCES = 50;
const JSON_ACCEPT = 'application/json, text/plain;q=0.9, */*;q=0.8';
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function isTrailerType(type: string): type is TrailerType {
  return (TRAILER_TYPES as readonly string[]).includes(type);
}

/**
 * Turns a scene's `trailer_type` / `trailer_source` into playable trailer streams, at the moment a player asks
 * for them (trailer links often carry the viewer's IP and an expiry). Sites are fetched with their stored
 * headers and cookies (KV `<core domain>-trailers`, or the scrape's `kv_http_config`), each fetch bounded in
 * time and size, the whole call bounded too. Never throws: a failure is logged and answers [].
 */
export class TrailerResolver {
  private readonly http: TrailerHttp;
  private readonly timeoutMs: number;

  constructor(private readonly deps: TrailerResolverDeps) {
    this.http = new TrailerHttp(deps.store, { ...DEFAULT_TRAILER_HTTP_LIMITS, ...deps.http });
    this.timeoutMs = deps.timeoutMs ?? 20_000;
  }

  async sources(scene: TrailerScene, signal?: AbortSignal): Promise<TrailerSource[]> {
    // Read defensively: a caller's row may hold anything at runtime.
    const type = String(scene.trailer_type).trim().toLowerCase();
    const source = String(scene.trailer_source);
    if (type === '' || source.trim() === '') return [];
    if (!isTrailerType(type)) {
      this.deps.logger.debug({ trailerType: type }, 'unknown trailer type; no trailer sources');
      return [];
    }
    const bounded = boundedSignal(signal, this.timeoutMs, 'trailer sources took too long');
    try {
      const found = await this.resolve(type, source, bounded.signal);
      return found.slice(0, MAX_SOURCES);
    } catch (error) {
      // A fetch failure is expected now and then (sites go away): its message says it all, no stack.
      const expected = error instanceof TrailerFetchError || error instanceof SyntaxError;
      this.deps.logger.warn(
        { trailerType: type, ...(expected ? {} : { err: error }) },
        `${type} trailer sources could not be read (${error instanceof Error ? error.message : String(error)})`,
      );
      return [];
    } finally {
      bounded.release();
    }
  }

  private async resolve(type: TrailerType, source: string, signal: AbortSignal): Promise<TrailerSource[]> {
    switch (type) {
      case 'url': {
        const scrape = parseTrailerScrape(source);
        return cleanSources(scrape?.scene_url ? [labelledSource(scrape.scene_url, 'Unknown')] : []);
      }
      case 'urls':
        return cleanSources(fromVideoSourceList(parseJson(source.trim())));
      case 'heresphere':
        return this.fetched(source, 'POST', JSON_ACCEPT, signal, (text) =>
          fromHeresphereVideo(parseJson(text)),
        );
      case 'slr':
      case 'deovr':
        return this.fetched(source, 'GET', JSON_ACCEPT, signal, (text) => fromDeovrScene(parseJson(text)));
      case 'load_json':
        return this.fetched(source, 'GET', JSON_ACCEPT, signal, (text, scrape) => fromJsonText(text, scrape));
      case 'vrporn':
        return this.fetched(source, 'GET', JSON_ACCEPT, signal, (text) => fromVrpornItem(parseJson(text)));
      case 'scrape_html':
        return this.fetched(source, 'GET', HTML_ACCEPT, signal, (text, scrape) => fromHtmlPage(text, scrape));
      case 'scrape_json':
        return this.fetched(source, 'GET', HTML_ACCEPT, signal, (text, scrape) => fromHtmlJson(text, scrape));
    }
  }

  /** Fetches the scrape's `scene_url` and reads the answer; relative links resolve against that URL. */
  private async fetched(
    source: string,
    method: 'GET' | 'POST',
    accept: string,
    signal: AbortSignal,
    read: (text: string, scrape: TrailerScrape) => TrailerSource[],
  ): Promise<TrailerSource[]> {
    const scrape = parseTrailerScrape(source);
    if (!scrape)
      throw new TrailerFetchError('trailer_source is neither a URL nor a trailer scrape JSON object');
    const page = httpUrl(scrape.scene_url);
    if (!page) throw new TrailerFetchError(`scene_url "${scrape.scene_url}" is not an http(s) URL`);
    const configKey = scrape.kv_http_config || trailerConfigKey(page.href);
    const text = await this.http.text(page, { method, configKey, accept, signal });
    return cleanSources(read(text, scrape), page);
  }
}
