/** The parts of a request the cross-site check reads. */
export interface RequestShape {
  method: string;
  /** The path with its query, as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** GET routes a page may embed from anywhere (`<img>`, `<video>`): images, streams, previews, heatmaps. */
const EMBEDDABLE_PREFIXES = ['/img/', '/api/dms/file/', '/api/dms/preview/', '/api/dms/heatmap/'];

const header = (headers: RequestShape['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const pathOf = (url: string) => url.split('?')[0] ?? url;
const startsWithAny = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(prefix));

/**
 * Why a request a browser sent on behalf of another site is refused, or null to serve it. A browser marks such a
 * request with `Sec-Fetch-Site` (cross-site, or same-site: another port or subdomain of the same host), or,
 * without that header, with an `Origin` that is not this server's. Clients that are not browsers (headset
 * players, DLNA renderers, scripts) send neither and are served. Another site may still embed images and media
 * and open the web app's pages by a link.
 */
export function crossSiteRefusal(request: RequestShape): string | null {
  const site = header(request.headers, 'sec-fetch-site')?.toLowerCase();
  const origin = header(request.headers, 'origin');
  const foreign =
    site !== undefined
      ? site !== 'same-origin' && site !== 'none'
      : origin !== undefined && !sameOrigin(origin, request);
  if (!foreign) return null;
  const path = pathOf(request.url);
  if (isRead(request.method) && startsWithAny(path, EMBEDDABLE_PREFIXES)) return null;
  const navigation = header(request.headers, 'sec-fetch-mode')?.toLowerCase() === 'navigate';
  // A link on another site may open the web app's pages (no side effect).
  const webApp = path === '/' || path === '/ui' || path.startsWith('/ui/');
  if (isRead(request.method) && navigation && webApp) return null;
  return 'Fovea does not answer requests another web site makes on your behalf. Open Fovea itself to do this.';
}

/** Whether an Origin header names this server (the scheme aside): its host and port equal the Host header. */
function sameOrigin(origin: string, request: RequestShape): boolean {
  const host = header(request.headers, 'host');
  if (host === undefined || origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
