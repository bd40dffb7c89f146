import type { CollectorConfigData } from '@fovea/contract';
import { HttpSpec } from '../../../src/scrapers/definitions/definition.schema';
import { ScrapeHttp, type ScrapeHttpDeps } from '../../../src/scrapers/http/scrape-http';
import type { ScrapeFetcher } from '../../../src/scrapers/http/scrape-fetcher';
import { virtualClock, type VirtualClock } from './virtual-clock';

export interface ScrapeHttpKit {
  http: ScrapeHttp;
  clock: VirtualClock;
  settings: { proxy: string; userAgent: string };
  configs: Map<string, CollectorConfigData>;
  configReads: string[];
  session(http?: Partial<HttpSpec>, options?: { allowPrivate?: boolean; siteId?: string }): ScrapeFetcher;
}

/** A ScrapeHttp on a virtual clock with settings and collector configs the test can change. */
export function scrapeHttpKit(deps: Partial<ScrapeHttpDeps> = {}): ScrapeHttpKit {
  const clock = virtualClock();
  const settings = { proxy: '', userAgent: '' };
  const configs = new Map<string, CollectorConfigData>();
  const configReads: string[] = [];
  const http = new ScrapeHttp({
    settings: () => settings,
    collectorConfigs: {
      get: (key) => {
        configReads.push(key);
        return Promise.resolve(configs.get(key) ?? null);
      },
    },
    now: clock.now,
    sleep: clock.sleep,
    random: clock.random,
    ...deps,
  });
  return {
    http,
    clock,
    settings,
    configs,
    configReads,
    session: (spec = {}, options = {}) =>
      http.session({
        siteId: options.siteId ?? 'testsite',
        http: HttpSpec.parse({ min_delay_ms: 0, max_delay_ms: 0, ...spec }),
        allowPrivate: options.allowPrivate ?? false,
      }),
  };
}

export const html = { expect: 'html' } as const;
export const json = { expect: 'json' } as const;
export const never = new AbortController().signal;
