import type { HttpSpec } from '../../../src/scrapers/definitions/definition.schema';
import type { ScrapeFetcher } from '../../../src/scrapers/http/scrape-fetcher';
import { ScrapeHttp } from '../../../src/scrapers/http/scrape-http';

/**
 * The real HTTP layer (ScrapeHttp) pointed at a fixture server through its host map, with no delays and a
 * single quick retry, so engine and fixture tests go through the same code as a real run.
 */
export function fixtureHttp(hostMap: Record<string, string>): ScrapeHttp {
  return new ScrapeHttp({
    settings: () => ({ proxy: '', userAgent: '' }),
    collectorConfigs: { get: () => Promise.resolve(null) },
    hostMap,
    limits: { maxRetries: 1, backoffBaseMs: 1, backoffCapMs: 5, timeoutMs: 10_000 },
    random: () => 0,
  });
}

export function fixtureFetcher(http: ScrapeHttp, siteId: string, spec: HttpSpec): ScrapeFetcher {
  return http.session({
    siteId,
    http: { ...spec, min_delay_ms: 0, max_delay_ms: 0, concurrency: 4 },
    allowPrivate: false,
  });
}
