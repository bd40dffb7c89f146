import type { CollectorConfigData } from '@fovea/contract';
import { applicableCookies } from './collector-cookies';

/** A current desktop Chrome (a fixed old Chrome string is answered 403 by some sites, scraper-sites §1.7). */
export const DEFAULT_SCRAPER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const ACCEPT = {
  html: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  json: 'application/json, text/plain, */*',
} as const;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const BAD_VALUE = /[\r\n\0]/;
const TEMPLATED = /\{(?:[a-z_]+:)?[a-zA-Z_][a-zA-Z0-9_]*(?:\.[^{}]+)?\}/;

export interface HeaderParts {
  userAgent: string;
  expect: 'html' | 'json';
  /** The definition's `http.headers` and `http.cookies` and the engine's own headers: same origin only. */
  definition: { headers: Record<string, string>; cookies: Record<string, string> } | null;
  request: Record<string, string> | null;
  /** The collector config `<core>-scraper` of the URL's host. */
  config: CollectorConfigData | null;
  /** The host's credentials (host-credentials.ts): sent last, so nothing else replaces them. */
  credentials?: Record<string, string> | null;
}

/**
 * The headers of one request to `url`, lowest precedence first: browser defaults, the definition's headers,
 * the engine's, the owner's collector config, then the host's credentials. Cookies are merged by name in the
 * same order (the stored ones chosen by domain and path). Names or values that HTTP cannot carry are skipped.
 */
export function buildHeaders(url: URL, parts: HeaderParts): Record<string, string> {
  const headers = new Map<string, string>([
    ['user-agent', parts.userAgent],
    ['accept', ACCEPT[parts.expect]],
    ['accept-language', 'en-US,en;q=0.9'],
  ]);
  const cookies = new Map<string, string>();
  const put = (name: string, value: string) => {
    const key = name.trim().toLowerCase();
    if (!TOKEN.test(key) || BAD_VALUE.test(value)) return;
    if (key === 'cookie') addCookieHeader(cookies, value);
    else headers.set(key, value);
  };
  // Templated values (`{session.token}`) are the engines' to render: they send them as request headers.
  for (const [name, value] of Object.entries(parts.definition?.headers ?? {})) {
    if (!TEMPLATED.test(value)) put(name, value);
  }
  for (const [name, value] of Object.entries(parts.definition?.cookies ?? {})) {
    if (!TEMPLATED.test(value)) cookies.set(name, value);
  }
  for (const [name, value] of Object.entries(parts.request ?? {})) put(name, value);
  for (const header of parts.config?.headers ?? []) put(header.key, header.value);
  for (const [name, value] of applicableCookies(parts.config?.cookies ?? null, url)) cookies.set(name, value);
  for (const [name, value] of Object.entries(parts.credentials ?? {})) put(name, value);
  const cookieLine = [...cookies]
    .filter(([name, value]) => TOKEN.test(name) && !BAD_VALUE.test(value) && !value.includes(';'))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  if (cookieLine !== '') headers.set('cookie', cookieLine);
  return Object.fromEntries(headers);
}

/** `a=1; b=2` into the cookie map. */
function addCookieHeader(cookies: Map<string, string>, line: string): void {
  for (const pair of line.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}
