/**
 * What engines need from the HTTP layer: one fetcher per site run. The HTTP layer (ScrapeHttp) implements it
 * with per-host delays and concurrency, retries, the circuit breaker, the proxy, collector-config headers and
 * cookies, and byte and time caps; engine tests use a fake that serves fixture files.
 */
export interface ScrapeRequest {
  method?: 'GET' | 'POST';
  /** Extra headers for this request (the definition's `http.headers` are added by the fetcher itself). */
  headers?: Record<string, string>;
  body?: string;
  /** What the engine expects: 'html' sends a browser Accept, 'json' an `application/json` one. */
  expect: 'html' | 'json';
}

export interface ScrapeResponse {
  /** The final URL after redirects, as the site knows it (never a test's loopback address). */
  url: string;
  status: number;
  contentType: string;
  text: string;
}

/** The run was stopped by the circuit breaker (repeated 403s, a challenge or captcha page, a join redirect). */
export class ScrapeBlockedError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'ScrapeBlockedError';
  }
}

/** A request that failed for good (status after retries, network, size or time cap). */
export class ScrapeHttpError extends Error {
  constructor(
    message: string,
    readonly url: string,
    /** 0 when there was no answer (network, timeout, size cap). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ScrapeHttpError';
  }
}

/** Per-run counters the fetcher keeps for the run's health record. */
export interface FetchStats {
  /** Successful page/document fetches. */
  pagesFetched: number;
  /** Answers by status ("200", "404", ...) and "network" for requests without an answer. */
  statuses: Record<string, number>;
}

export interface ScrapeFetcher {
  /** Resolves with a 2xx answer; throws ScrapeHttpError or ScrapeBlockedError otherwise. */
  fetch(url: string, request: ScrapeRequest, signal: AbortSignal): Promise<ScrapeResponse>;
  stats(): FetchStats;
}
