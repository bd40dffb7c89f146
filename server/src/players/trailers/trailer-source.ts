import { coreDomain } from '../../scrapers/http/core-domain';

/**
 * What a scene's trailer resolves to, and how its `trailer_source` text is read (xbvr-facts §7.9).
 * `trailer_source` is either a plain URL or a JSON "trailer scrape" object.
 */

/** One playable trailer stream. 0 means "not known" for height, width and size. */
export interface TrailerSource {
  url: string;
  /** A label for the player's media list: "1080p", "h265 - 2880p", "Unknown"... */
  quality: string;
  height: number;
  width: number;
  /** Bytes. */
  size: number;
}

/** The scene columns the resolver reads. */
export interface TrailerScene {
  trailer_type: string;
  trailer_source: string;
}

/** The JSON object a scraper stores in `trailer_source` (XBVR's TrailerScrape wire keys). */
export interface TrailerScrape {
  scene_url: string;
  html_element: string;
  extract_regex: string;
  content_base_url: string;
  record_path: string;
  content_path: string;
  encoding_path: string;
  quality_path: string;
  /** KV key of the headers/cookies; '' means `<core domain of scene_url>-trailers`. */
  kv_http_config: string;
}

const SCRAPE_KEYS = [
  'scene_url',
  'html_element',
  'extract_regex',
  'content_base_url',
  'record_path',
  'content_path',
  'encoding_path',
  'quality_path',
  'kv_http_config',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads `trailer_source`: text starting with "http" is the scene URL itself (older scenes); otherwise a JSON
 * object whose string fields are taken and anything else ignored. null when neither.
 */
export function parseTrailerScrape(source: string): TrailerScrape | null {
  const text = source.trim();
  const scrape: TrailerScrape = {
    scene_url: '',
    html_element: '',
    extract_regex: '',
    content_base_url: '',
    record_path: '',
    content_path: '',
    encoding_path: '',
    quality_path: '',
    kv_http_config: '',
  };
  if (/^https?:/i.test(text)) return { ...scrape, scene_url: text };
  const parsed = parseJson(text);
  if (!isRecord(parsed)) return null;
  for (const key of SCRAPE_KEYS) {
    const value = parsed[key];
    if (typeof value === 'string') scrape[key] = value.trim();
  }
  return scrape;
}

/** The http(s) URL in `text`, or null (no other scheme is ever fetched or handed to a player). */
export function httpUrl(text: string, base?: string): URL | null {
  try {
    const url = new URL(text.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The KV key holding a site's trailer headers and cookies: the host without a leading `www.` and without its
 * last label, plus `-trailers` (`https://www.naughtyamerica.com/x` → `naughtyamerica-trailers`,
 * `https://cdn.site.co.uk/` → `cdn.site.co-trailers`, as XBVR's core domain does).
 */
export function trailerConfigKey(sceneUrl: string): string | null {
  const url = httpUrl(sceneUrl);
  return url ? `${coreDomain(url.hostname)}-trailers` : null;
}

/**
 * The height a quality label names: "1080p", "h264-2160p", "4K 2880p" → the digits before the first "p";
 * "8K"/"4k" alone → 0 (a K class is a width, not a height). 0 when unknown.
 */
export function heightFromQuality(quality: string): number {
  const match = /(\d{3,4})p(?![a-z])/i.exec(quality);
  return match ? Number(match[1]) : 0;
}

/** A source from a URL and a label only (the url, urls, scrape and vrporn types). */
export function labelledSource(url: string, quality: string): TrailerSource {
  return { url, quality, height: heightFromQuality(quality), width: 0, size: 0 };
}

/** A non-negative integer from a JSON value ("2880", 2880.0...), else 0. */
export function wholeNumber(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
}
