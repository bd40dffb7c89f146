/**
 * Test-only redirection of site hosts to local servers (ScrapeHttp's `hostMap`): `vrbangers.com` →
 * `http://127.0.0.1:PORT`. A mapped request keeps its path and query; answers keep the site's real URL.
 */
export class HostMap {
  private readonly bases = new Map<string, URL>();

  constructor(map: Record<string, string> = {}) {
    for (const [host, base] of Object.entries(map)) this.bases.set(host.toLowerCase(), new URL(base));
  }

  has(url: URL): boolean {
    return this.bases.has(url.hostname);
  }

  /** Where a request for `url` really goes. */
  target(url: URL): URL {
    const base = this.bases.get(url.hostname);
    return base ? new URL(`${url.pathname}${url.search}`, base.origin) : url;
  }

  /**
   * A redirect's Location as the site knows it: relative to the site's URL `from`; an absolute URL on a
   * mapped local base becomes the site host that base stands for (`from`'s own host first).
   */
  location(location: string, from: URL): URL {
    const next = new URL(location, from);
    const own = this.bases.get(from.hostname);
    if (own && own.origin === next.origin) return this.rehost(next, from.protocol, from.host);
    for (const [host, base] of this.bases) {
      if (base.origin === next.origin) return this.rehost(next, 'https:', host);
    }
    return next;
  }

  private rehost(url: URL, protocol: string, host: string): URL {
    return new URL(`${protocol}//${host}${url.pathname}${url.search}${url.hash}`);
  }
}
