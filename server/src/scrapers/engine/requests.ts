import type { RequestSpec, ScraperDefinition, SiteEntry } from '../definitions/definition.schema';
import type { ScrapeFetcher, ScrapeResponse } from '../http/scrape-fetcher';
import { chainResolvers, siteVariables } from './scene-vars';
import { mapResolver, renderTemplate, type VarResolver } from './template';

/**
 * Requests as definitions describe them: a URL template or `{url, method, body, headers}`, rendered over the
 * variables of the moment, with the definition's `http.headers` and the site's `http` headers and cookies
 * (all templates, so `{session.<name>}` and site variables work in them) sent on every request.
 */

export interface PageRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

/** A request's identity in a walk: method, URL and body. */
export function requestKey(request: PageRequest): string {
  return `${request.method} ${request.url}\n${request.body ?? ''}`;
}

/** Each value rendered; one that uses an empty variable (a session value not read yet) is left out. */
function renderMap(map: Readonly<Record<string, string>>, resolve: VarResolver): Record<string, string> {
  const rendered: Record<string, string> = {};
  for (const [name, value] of Object.entries(map)) {
    const result = renderTemplate(value, resolve);
    if (result.missing.length === 0) rendered[name] = result.text;
  }
  return rendered;
}

/**
 * The headers every request of a site carries: the definition's `http.headers`, then the site's `http.headers`
 * (same names win), rendered; the site's cookies as a `cookie` header (merged by name with the definition's).
 * The rendered values replace the definition's raw templates, which the HTTP layer would send as they are.
 */
export function siteHeaders(
  definition: ScraperDefinition,
  site: SiteEntry,
  resolve: VarResolver = mapResolver(siteVariables(site)),
): Record<string, string> {
  const headers = renderMap({ ...definition.http.headers, ...(site.http?.headers ?? {}) }, resolve);
  const cookies = renderMap({ ...definition.http.cookies, ...(site.http?.cookies ?? {}) }, resolve);
  const line = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return line === '' ? headers : { ...headers, cookie: line };
}

/**
 * A request spec rendered over `resolve` (falling back to the site's variables). Null when the URL uses an
 * empty variable or is not an absolute http(s) URL (relative ones resolve against `base`).
 */
export function renderRequest(
  spec: RequestSpec,
  resolve: VarResolver,
  definition: ScraperDefinition,
  site: SiteEntry,
  base?: string,
  /** Render empty variables as nothing instead of refusing the URL (listing page templates). */
  allowMissing = false,
): PageRequest | null {
  const site_ = siteVariables(site);
  const vars = chainResolvers(resolve, (name) => site_[name]);
  const object = typeof spec === 'string' ? { url: spec, method: 'GET' as const, headers: {} } : spec;
  const url = renderTemplate(object.url, vars);
  if (url.missing.length > 0 && !allowMissing) return null;
  let absolute: string;
  try {
    const parsed = new URL(url.text, base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    absolute = parsed.href;
  } catch {
    return null;
  }
  return {
    url: absolute,
    method: object.method,
    body: object.body === undefined ? undefined : renderTemplate(object.body, vars).text,
    headers: { ...siteHeaders(definition, site, vars), ...renderMap(object.headers, vars) },
  };
}

/** The template text of a request spec's URL. */
export function requestUrlTemplate(spec: RequestSpec): string {
  return typeof spec === 'string' ? spec : spec.url;
}

export function fetchRequest(
  fetcher: ScrapeFetcher,
  request: PageRequest,
  expect: 'html' | 'json',
  signal: AbortSignal,
): Promise<ScrapeResponse> {
  return fetcher.fetch(
    request.url,
    {
      expect,
      method: request.method,
      body: request.body,
      headers:
        request.method === 'POST' && request.body !== undefined && !hasHeader(request.headers, 'content-type')
          ? { ...request.headers, 'content-type': 'application/json' }
          : request.headers,
    },
    signal,
  );
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** A GET of a URL found on a page (a next link), with the site's headers. */
export function getRequest(url: string, definition: ScraperDefinition, site: SiteEntry): PageRequest {
  return { url, method: 'GET', headers: siteHeaders(definition, site) };
}

/** A plain GET of a site page with the site's headers. */
export function fetchSitePage(
  fetcher: ScrapeFetcher,
  url: string,
  expect: 'html' | 'json',
  definition: ScraperDefinition,
  site: SiteEntry,
  signal: AbortSignal,
): Promise<ScrapeResponse> {
  return fetcher.fetch(url, { expect, headers: siteHeaders(definition, site) }, signal);
}
