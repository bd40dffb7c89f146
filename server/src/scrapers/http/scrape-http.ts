import type { CollectorConfigData } from '@fovea/contract';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import type { HttpSpec } from '../definitions/definition.schema';
import type { CredentialsFor } from './host-credentials';
import { HostLimiter, type LimiterClock } from './host-limiter';
import { HostMap } from './host-map';
import { systemLookup, type AddressLookup } from './private-target';
import { DEFAULT_SCRAPER_USER_AGENT } from './request-headers';
import { ScrapeHttpError, type ScrapeFetcher } from './scrape-fetcher';
import { ScrapeSession, type ScrapeHttpLimits, type SessionTransport } from './scrape-session';

export type { ScrapeHttpLimits } from './scrape-session';

export const DEFAULT_SCRAPE_HTTP_LIMITS: ScrapeHttpLimits = {
  globalConcurrency: 4,
  timeoutMs: 30_000,
  maxBytes: 16 * 1024 * 1024,
  maxRedirects: 5,
  maxRetries: 5,
  backoffBaseMs: 1_000,
  backoffCapMs: 60_000,
};

export interface ScrapeHttpDeps {
  /** Read before every request: options advanced.scraperProxy and .scraperUserAgent ('' = none / built-in). */
  settings: () => { proxy: string; userAgent: string };
  /** Collector configs by domain key (`<core>-scraper`). */
  collectorConfigs: { get(domainKey: string): Promise<CollectorConfigData | null> };
  /** Credentials added by host (host-credentials.ts); none by default. */
  credentials?: CredentialsFor;
  /** Tests only: site host → local base URL ('vrbangers.com' → 'http://127.0.0.1:PORT'). */
  hostMap?: Record<string, string>;
  limits?: Partial<ScrapeHttpLimits>;
  /** Tests: a virtual clock for the limiter, retries and back-off. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Tests: name resolution for the private-address check (default: the system resolver). */
  lookup?: AddressLookup;
}

export interface ScrapeSessionSpec {
  siteId: string;
  http: HttpSpec;
  /** True only for the owner's own definitions. */
  allowPrivate: boolean;
}

/** setTimeout as a promise that rejects with the signal's reason when it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) {
      fail();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      fail();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function proxyUri(proxy: string): string | null {
  try {
    const url = new URL(proxy);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The scrapers' HTTP layer, built once by the app and shared by every run: one per-host limiter for all
 * sessions, one connection pool (or proxy agent, following advanced.scraperProxy), undici's own fetch for
 * every request. `session()` gives a run its ScrapeFetcher.
 */
export class ScrapeHttp {
  private readonly transport: SessionTransport;
  private readonly direct: Agent;
  private proxy: { setting: string; agent: ProxyAgent } | null = null;

  constructor(private readonly deps: ScrapeHttpDeps) {
    const limits = { ...DEFAULT_SCRAPE_HTTP_LIMITS, ...deps.limits };
    const clock: LimiterClock = {
      now: deps.now ?? Date.now,
      sleep: deps.sleep ?? abortableSleep,
      random: deps.random ?? Math.random,
    };
    this.direct = new Agent({ connect: { timeout: limits.timeoutMs }, keepAliveTimeout: 10_000 });
    this.transport = {
      limiter: new HostLimiter(limits.globalConcurrency, clock),
      limits,
      clock,
      hostMap: new HostMap(deps.hostMap),
      resolve: deps.lookup ?? systemLookup,
      userAgent: () => deps.settings().userAgent.trim() || DEFAULT_SCRAPER_USER_AGENT,
      dispatcher: (url) => this.dispatcher(url),
      collectorConfig: (key) => deps.collectorConfigs.get(key),
      credentials: deps.credentials ?? (() => null),
    };
  }

  session(spec: ScrapeSessionSpec): ScrapeFetcher {
    return new ScrapeSession(this.transport, spec);
  }

  /** Requests in flight over all sessions. */
  inFlight(): number {
    return this.transport.limiter.inFlight();
  }

  /** Closes the connection pools (at shutdown); requests in flight finish first. */
  async close(): Promise<void> {
    await Promise.all([this.direct.close(), this.proxy?.agent.close()]);
  }

  private dispatcher(url: string): { dispatcher: Dispatcher; proxied: boolean } {
    const setting = this.deps.settings().proxy.trim();
    if (setting === '') return { dispatcher: this.direct, proxied: false };
    if (this.proxy?.setting !== setting) {
      const uri = proxyUri(setting);
      if (uri === null) {
        throw new ScrapeHttpError(`the scraper proxy "${setting}" is not an http:// or https:// URL`, url, 0);
      }
      const previous = this.proxy;
      // http:// targets as absolute-URI requests (proxies often allow CONNECT to port 443 only), https:// through CONNECT.
      this.proxy = { setting, agent: new ProxyAgent({ uri, proxyTunnel: false, keepAliveTimeout: 10_000 }) };
      void previous?.agent.close().catch(() => undefined);
    }
    return { dispatcher: this.proxy.agent, proxied: true };
  }
}
