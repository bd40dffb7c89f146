import { EXTERNAL_SOURCE_SCRAPE_SUFFIX, EXTERNAL_SOURCE_STASHDB_PERFORMER } from '@fovea/contract';
import type { ActorUrl } from '@fovea/contract';

/** Sites whose actor scraper is not named after the domain (the same table the server's edit_extrefs uses). */
const SOURCE_BY_DOMAIN: Readonly<Record<string, string>> = {
  stashdb: EXTERNAL_SOURCE_STASHDB_PERFORMER,
  sexlikereal: `slr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  xsinsvr: `sinsvr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  naughtyamerica: `naughtyamericavr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  virtualporn: `bvr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  fuckpassvr: `fuckpassvr-native${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
};

/** The parsed http(s) URL, or null. */
export function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The actor-scraper source a profile URL names, from its domain: "vrhush scrape" for www.vrhush.com, the
 * special names of SOURCE_BY_DOMAIN, "stashdb performer" for StashDB. Null for text that is not an http(s) URL.
 */
export function scraperSource(text: string): string | null {
  const url = httpUrl(text);
  if (url === null) return null;
  const labels = url.hostname.toLowerCase().split('.');
  const domain = labels.length >= 2 ? (labels[labels.length - 2] ?? '') : (labels[0] ?? '');
  return SOURCE_BY_DOMAIN[domain] ?? `${domain}${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`;
}

/** Whether an entry of the actor's urls is an actor-scraper source ("<site> scrape"). */
export const isScraperUrl = (entry: ActorUrl): boolean => entry.type.endsWith(EXTERNAL_SOURCE_SCRAPE_SUFFIX);
