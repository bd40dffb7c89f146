import type { CollectorConfigData } from '@fovea/contract';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { boundedSignal } from '../../players/trailers/bounded-signal';
import type { HttpSpec } from '../definitions/definition.schema';
import { challengeHeaderReason, bodyBlockReason, joinRedirectReason } from './block-detector';
import { BodyTooLargeError, readBoundedText } from './bounded-body';
import { scraperConfigKey } from './core-domain';
import type { CredentialsFor } from './host-credentials';
import type { HostLimiter, HostLimits, LimiterClock } from './host-limiter';
import type { HostMap } from './host-map';
import { refusalOf, type AddressLookup } from './private-target';
import { buildHeaders } from './request-headers';
import { RETRY_STATUSES, retryDelayMs } from './retry-policy';
import {
  ScrapeBlockedError,
  ScrapeHttpError,
  type FetchStats,
  type ScrapeFetcher,
  type ScrapeRequest,
  type ScrapeResponse,
} from './scrape-fetcher';

/** Caps on every request, shared by all sessions. */
export interface ScrapeHttpLimits {
  /** Requests in flight over all hosts. */
  globalConcurrency: number;
  /** One HTTP exchange: connect, headers and body. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Retries of a 429 or 503 answer. */
  maxRetries: number;
  /** First back-off without Retry-After; doubled for each retry. */
  backoffBaseMs: number;
  /** No wait (Retry-After or back-off) is longer. */
  backoffCapMs: number;
}

/** What a session needs from ScrapeHttp: the shared limiter, the dispatcher of the moment, configs. */
export interface SessionTransport {
  limiter: HostLimiter;
  limits: ScrapeHttpLimits;
  clock: LimiterClock;
  hostMap: HostMap;
  resolve: AddressLookup;
  userAgent(): string;
  /** The dispatcher for the current proxy setting; throws ScrapeHttpError when the proxy is unusable. */
  dispatcher(url: string): { dispatcher: Dispatcher; proxied: boolean };
  collectorConfig(domainKey: string): Promise<CollectorConfigData | null>;
  credentials: CredentialsFor;
}

export interface ScrapeSessionOptions {
  /** The site the run scrapes (named in errors). */
  siteId: string;
  /** The definition's `http` part. */
  http: HttpSpec;
  /** The owner's own definitions may reach private addresses; built-in ones never. */
  allowPrivate: boolean;
}

interface Answer {
  url: URL;
  status: number;
  contentType: string;
  text: string;
  retryAfter: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** How much of an error answer is read (for challenge and captcha markers). */
const ERROR_BODY_BYTES = 256 * 1024;
const FORBIDDEN_LIMIT = 3;

const isOk = (status: number) => status >= 200 && status < 300;

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The scrape was cancelled', 'AbortError');
}

/**
 * One site run's fetcher (ScrapeFetcher): paced by the shared per-host limiter, 429/503 retried, redirects
 * followed by hand, bodies and times capped, private targets refused, and a circuit breaker that ends the
 * session for good on a challenge, a captcha, a join redirect or repeated 403s.
 */
export class ScrapeSession implements ScrapeFetcher {
  private blocked: ScrapeBlockedError | null = null;
  private forbiddenInRow = 0;
  private pages = 0;
  private readonly statuses: Record<string, number> = {};
  private readonly configs = new Map<string, Promise<CollectorConfigData | null>>();
  private readonly hostLimits: HostLimits;

  constructor(
    private readonly transport: SessionTransport,
    private readonly options: ScrapeSessionOptions,
  ) {
    this.hostLimits = {
      minDelayMs: options.http.min_delay_ms,
      maxDelayMs: Math.max(options.http.min_delay_ms, options.http.max_delay_ms),
      concurrency: options.http.concurrency,
    };
  }

  stats(): FetchStats {
    return { pagesFetched: this.pages, statuses: { ...this.statuses } };
  }

  async fetch(url: string, request: ScrapeRequest, signal: AbortSignal): Promise<ScrapeResponse> {
    this.throwIfBlocked();
    let start: URL;
    try {
      start = new URL(url);
    } catch {
      throw new ScrapeHttpError(`not a valid URL: ${url.slice(0, 200)}`, url, 0);
    }
    const { limiter, clock, limits } = this.transport;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.exchange(start, request, signal);
      if (isOk(answer.status)) {
        this.pages++;
        return {
          url: answer.url.href,
          status: answer.status,
          contentType: answer.contentType,
          text: answer.text,
        };
      }
      if (RETRY_STATUSES.has(answer.status) && attempt < limits.maxRetries) {
        const now = clock.now();
        const delay = retryDelayMs(answer.retryAfter, attempt, now, {
          baseMs: limits.backoffBaseMs,
          capMs: limits.backoffCapMs,
        });
        // The whole host waits, not only this request.
        limiter.defer(answer.url.host, now + delay);
        limiter.defer(start.host, now + delay);
        continue;
      }
      const retried = attempt > 0 ? ` after ${attempt} ${attempt === 1 ? 'retry' : 'retries'}` : '';
      throw new ScrapeHttpError(
        `${answer.url.host} answered ${answer.status}${retried}`,
        answer.url.href,
        answer.status,
      );
    }
  }

  /** One request with its redirects; answers the final non-redirect answer (any status). */
  private async exchange(start: URL, request: ScrapeRequest, signal: AbortSignal): Promise<Answer> {
    let current = start;
    let method = request.method ?? 'GET';
    let body = request.body;
    for (let redirects = 0; ; redirects++) {
      this.throwIfBlocked();
      if (signal.aborted) throw abortReason(signal);
      const route = this.transport.dispatcher(current.href);
      await this.checkTarget(current, route.proxied);
      const sameOrigin = current.origin === start.origin;
      const credentials = this.transport.credentials(current);
      if (credentials !== null && 'missing' in credentials) {
        throw new ScrapeHttpError(credentials.missing, current.href, 0);
      }
      const headers = buildHeaders(current, {
        credentials: credentials?.headers ?? null,
        userAgent: this.transport.userAgent(),
        expect: request.expect,
        definition: sameOrigin ? this.options.http : null,
        request: sameOrigin ? (request.headers ?? null) : null,
        config: await this.config(current.hostname),
      });
      const release = await this.transport.limiter.acquire(current.host, this.hostLimits, signal);
      const { timeoutMs } = this.transport.limits;
      const bounded = boundedSignal(signal, timeoutMs, `${current.host} took longer than ${timeoutMs} ms`);
      try {
        let response: Awaited<ReturnType<typeof undiciFetch>>;
        try {
          response = await undiciFetch(this.transport.hostMap.target(current), {
            method,
            headers,
            body: method === 'POST' ? body : undefined,
            redirect: 'manual',
            signal: bounded.signal,
            dispatcher: route.dispatcher,
          });
        } catch (error) {
          throw this.networkFailure(error, current, signal, bounded.signal);
        }
        this.count(String(response.status));
        const challenged = challengeHeaderReason(response.headers);
        if (challenged) {
          await response.body?.cancel().catch(() => undefined);
          this.trip(challenged, current);
        }
        if (REDIRECTS.has(response.status)) {
          await response.body?.cancel().catch(() => undefined);
          const next = this.nextLocation(current, response.headers.get('location'), redirects);
          const join = joinRedirectReason(next);
          if (join) this.trip(join, next);
          if (response.status === 303 || (method === 'POST' && response.status <= 302)) {
            method = 'GET';
            body = undefined;
          }
          current = next;
          continue;
        }
        return await this.answer(response, current, signal, bounded.signal);
      } finally {
        bounded.release();
        release();
      }
    }
  }

  private async answer(
    response: Awaited<ReturnType<typeof undiciFetch>>,
    url: URL,
    signal: AbortSignal,
    bounded: AbortSignal,
  ): Promise<Answer> {
    const ok = isOk(response.status);
    const { maxBytes } = this.transport.limits;
    let text: string;
    try {
      text = await readBoundedText(response, ok ? maxBytes : Math.min(maxBytes, ERROR_BODY_BYTES), {
        truncate: !ok,
      });
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new ScrapeHttpError(`${url.host}: the answer is larger than ${maxBytes} bytes`, url.href, 0);
      }
      throw this.networkFailure(error, url, signal, bounded, { answered: true });
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType === '' || /html/i.test(contentType)) {
      const reason = bodyBlockReason(text, ok);
      if (reason) this.trip(reason, url);
    }
    if (response.status === 403) {
      this.forbiddenInRow++;
      if (this.forbiddenInRow >= FORBIDDEN_LIMIT)
        this.trip(`${FORBIDDEN_LIMIT} answers 403 Forbidden in a row`, url);
    } else {
      this.forbiddenInRow = 0;
    }
    return {
      url,
      status: response.status,
      contentType,
      text,
      retryAfter: response.headers.get('retry-after'),
    };
  }

  private async checkTarget(url: URL, proxied: boolean): Promise<void> {
    const refusal = await refusalOf(url, {
      allowPrivate: this.options.allowPrivate || this.transport.hostMap.has(url),
      resolve: proxied ? null : this.transport.resolve,
    });
    if (refusal !== null) throw new ScrapeHttpError(`refused: ${refusal}`, url.href, 0);
  }

  private config(hostname: string): Promise<CollectorConfigData | null> {
    const key = scraperConfigKey(hostname);
    let config = this.configs.get(key);
    if (!config) {
      config = this.transport.collectorConfig(key);
      this.configs.set(key, config);
    }
    return config;
  }

  private nextLocation(from: URL, location: string | null, redirects: number): URL {
    const { maxRedirects } = this.transport.limits;
    if (redirects >= maxRedirects) {
      throw new ScrapeHttpError(`more than ${maxRedirects} redirects`, from.href, 0);
    }
    if (!location) throw new ScrapeHttpError(`${from.host}: a redirect without a Location`, from.href, 0);
    try {
      return this.transport.hostMap.location(location, from);
    } catch {
      throw new ScrapeHttpError(`${from.host}: a redirect to an invalid URL`, from.href, 0);
    }
  }

  /** A request without a (complete) answer; counted as "network" unless a status was already counted. */
  private networkFailure(
    error: unknown,
    url: URL,
    signal: AbortSignal,
    bounded: AbortSignal,
    { answered } = { answered: false },
  ): Error {
    if (signal.aborted) return abortReason(signal);
    if (!answered) this.count('network');
    if (bounded.aborted) {
      return new ScrapeHttpError(
        `${url.host} took longer than ${this.transport.limits.timeoutMs} ms`,
        url.href,
        0,
      );
    }
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return new ScrapeHttpError(`${url.host} could not be reached (${cause})`, url.href, 0);
  }

  private count(key: string): void {
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
  }

  /** Ends the session: this and every later fetch throw the same ScrapeBlockedError. */
  private trip(reason: string, url: URL): never {
    this.blocked = new ScrapeBlockedError(
      `${this.options.siteId}: ${url.host} blocked the scraper: ${reason}`,
      url.href,
    );
    throw this.blocked;
  }

  private throwIfBlocked(): void {
    if (this.blocked) throw new ScrapeBlockedError(this.blocked.message, this.blocked.url);
  }
}
