import type { HttpSpec } from '../definitions/definition.schema';
import type { ScrapeFetcher } from '../http/scrape-fetcher';
import type { FetcherFactory } from '../run/run-ports';

/**
 * The request pacing of the metadata sources (TPDB, the JAV sites): one request at a time per host, with a
 * short pause, through the scrapers' HTTP layer (host limits, block detection, private-target guard).
 */
const SOURCE_HTTP: HttpSpec = {
  min_delay_ms: 500,
  max_delay_ms: 1500,
  concurrency: 1,
  headers: {},
  cookies: {},
};

/** A fetcher for one import run of a source; built-in sources never reach private addresses. */
export function sourceFetcher(http: FetcherFactory, sourceId: string): ScrapeFetcher {
  return http.session({ siteId: sourceId, http: SOURCE_HTTP, allowPrivate: false });
}

/** An http(s) base URL without its trailing slash ('https://r18.dev/' -> 'https://r18.dev'). */
export function baseUrl(base: string): string {
  return base.replace(/\/+$/, '');
}
