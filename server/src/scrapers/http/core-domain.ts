/**
 * A host's "core domain" (scraper-sites §1.7): without a leading `www.` and without its last label.
 * `www.czechvrnetwork.com` → `czechvrnetwork`, `api.sexlikereal.com` → `api.sexlikereal`, `localhost` → itself.
 */
export function coreDomain(hostname: string): string {
  let parts = hostname.toLowerCase().replace(/\.$/, '').split('.');
  if (parts.length > 2 && parts[0] === 'www') parts = parts.slice(1);
  return parts.length > 1 ? parts.slice(0, -1).join('.') : parts.join('.');
}

/** The collector config a scraper request to `hostname` uses: `<core>-scraper`. */
export function scraperConfigKey(hostname: string): string {
  return `${coreDomain(hostname)}-scraper`;
}
