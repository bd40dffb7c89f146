import { CollectorConfigData } from '@fovea/contract';
import { BodyTooLargeError, readBoundedText } from '../../scrapers/http/bounded-body';
import { applicableCookies } from '../../scrapers/http/collector-cookies';
import { DEFAULT_SCRAPER_USER_AGENT } from '../../scrapers/http/request-headers';
import { boundedSignal } from './bounded-signal';
import { parseJson } from './trailer-source';

/** Bounds on one trailer page or JSON fetch. The resolver also bounds a whole `sources()` call. */
export interface TrailerHttpLimits {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export const DEFAULT_TRAILER_HTTP_LIMITS: TrailerHttpLimits = {
  timeoutMs: 15_000,
  maxBytes: 8 * 1024 * 1024,
  maxRedirects: 5,
  // Sites that hand out trailer links tend to refuse anything but a browser: the scrapers' current Chrome.
  userAgent: DEFAULT_SCRAPER_USER_AGENT,
};

/** Where the per-site headers and cookies are kept: the key-value rows (KvRepository fits). */
export interface TrailerConfigStore {
  get(key: string): Promise<string | undefined>;
}

export class TrailerFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrailerFetchError';
  }
}

export interface TrailerRequest {
  method: 'GET' | 'POST';
  /** KV key of the site's headers and cookies (`<core domain>-trailers` or the scrape's kv_http_config). */
  configKey: string | null;
  accept: string;
  signal: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches trailer pages and JSON with a site's stored headers and cookies (KV `<core domain>-trailers`, a
 * CollectorConfigData; a missing or unreadable entry means none). http(s) only; redirects followed by hand up
 * to a limit, the configured headers kept only on the same origin and cookies re-chosen for each host.
 */
export class TrailerHttp {
  constructor(
    private readonly store: TrailerConfigStore,
    private readonly limits: TrailerHttpLimits = DEFAULT_TRAILER_HTTP_LIMITS,
  ) {}

  async config(key: string | null): Promise<CollectorConfigData | null> {
    if (!key) return null;
    const text = await this.store.get(key);
    if (text === undefined) return null;
    const parsed = CollectorConfigData.partial().safeParse(parseJson(text));
    if (!parsed.success) return null;
    return {
      headers: parsed.data.headers ?? [],
      cookies: parsed.data.cookies ?? [],
      body: parsed.data.body ?? '',
      other: parsed.data.other ?? [],
    };
  }

  /** The response body as text; throws TrailerFetchError on any failure (status, size, time, network). */
  async text(url: URL, request: TrailerRequest): Promise<string> {
    const config = await this.config(request.configKey);
    const bounded = boundedSignal(request.signal, this.limits.timeoutMs, 'the site took too long');
    try {
      return await this.follow(url, request, config, bounded.signal);
    } finally {
      bounded.release();
    }
  }

  private async follow(
    url: URL,
    request: TrailerRequest,
    config: CollectorConfigData | null,
    signal: AbortSignal,
  ): Promise<string> {
    let current = url;
    let method = request.method;
    for (let redirects = 0; ; redirects++) {
      const sameOrigin = current.origin === url.origin;
      const headers = this.headers(current, request.accept, config, sameOrigin);
      const body = method === 'POST' && config?.body ? config.body : undefined;
      if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
      let response: Response;
      try {
        response = await fetch(current, { method, headers, body, redirect: 'manual', signal });
      } catch (error) {
        throw this.networkFailure(error, signal);
      }
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        current = this.nextLocation(current, response.headers.get('location'), redirects);
        if (response.status === 303) method = 'GET';
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new TrailerFetchError(`${current.host} answered ${response.status}`);
      }
      return this.readBounded(response, signal);
    }
  }

  private headers(
    url: URL,
    accept: string,
    config: CollectorConfigData | null,
    sameOrigin: boolean,
  ): Headers {
    const headers = new Headers({ 'user-agent': this.limits.userAgent, accept });
    if (sameOrigin) {
      for (const header of config?.headers ?? []) {
        try {
          if (header.key.trim() !== '') headers.set(header.key.trim(), header.value);
        } catch {
          // An invalid header name or value in the stored config is skipped.
        }
      }
    }
    const cookies = applicableCookies(config?.cookies ?? null, url).map(
      ([name, value]) => `${name}=${value}`,
    );
    if (cookies.length > 0) {
      const existing = headers.get('cookie');
      headers.set('cookie', [existing, ...cookies].filter(Boolean).join('; '));
    }
    return headers;
  }

  private nextLocation(from: URL, location: string | null, redirects: number): URL {
    if (redirects >= this.limits.maxRedirects) {
      throw new TrailerFetchError(`more than ${this.limits.maxRedirects} redirects`);
    }
    if (!location) throw new TrailerFetchError('a redirect without a Location');
    let next: URL;
    try {
      next = new URL(location, from);
    } catch {
      throw new TrailerFetchError('a redirect to an invalid URL');
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new TrailerFetchError(`a redirect to a ${next.protocol} URL`);
    }
    return next;
  }

  private networkFailure(error: unknown, signal: AbortSignal): TrailerFetchError {
    if (signal.aborted) return new TrailerFetchError('the site took too long (or the request was cancelled)');
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return new TrailerFetchError(`the site could not be reached (${cause})`);
  }

  private async readBounded(response: Response, signal: AbortSignal): Promise<string> {
    try {
      return await readBoundedText(response, this.limits.maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new TrailerFetchError(error.message);
      throw this.networkFailure(error, signal);
    }
  }
}
