import type { CollectorCookie } from '@fovea/contract';

/**
 * A stored cookie applies to `url` when its domain is empty or the host (or a parent of it) and its path is
 * empty or a prefix of the URL's path. Shared by the scrapers' HTTP layer and the trailer fetcher.
 */
export function cookieApplies(cookie: CollectorCookie, url: URL): boolean {
  const domain = cookie.domain.trim().replace(/^\./, '').toLowerCase();
  const host = url.hostname.toLowerCase();
  const domainOk = domain === '' || host === domain || host.endsWith(`.${domain}`);
  const path = cookie.path.trim();
  return domainOk && (path === '' || url.pathname.startsWith(path));
}

/** `name=value` pairs of the stored cookies that apply to `url` (blank names skipped). */
export function applicableCookies(cookies: readonly CollectorCookie[] | null, url: URL): [string, string][] {
  return (cookies ?? [])
    .filter((cookie) => cookie.name.trim() !== '' && cookieApplies(cookie, url))
    .map((cookie) => [cookie.name.trim(), cookie.value]);
}
