import type { JavrScraper } from '@fovea/contract';
import { ScrapeHttpError, type ScrapeFetcher, type ScrapeResponse } from '../../http/scrape-fetcher';
import type { ScrapedScene } from '../../scraped-scene';

/** One JAV source (scraper-sites §6): a scene by DVD id. */
export interface JavSource {
  readonly id: JavrScraper;
  /** The source's name in logs. */
  readonly name: string;
  /** The scene for a DVD id, or null when the source has none; throws when the site fails or blocks. */
  scene(dvdId: string, fetcher: ScrapeFetcher, signal: AbortSignal): Promise<ScrapedScene | null>;
}

/** A page, or null when the site answers 404 (no such id); other failures throw. */
export async function fetchUnlessMissing(
  fetcher: ScrapeFetcher,
  url: string,
  expect: 'html' | 'json',
  signal: AbortSignal,
): Promise<ScrapeResponse | null> {
  try {
    return await fetcher.fetch(url, { expect }, signal);
  } catch (error) {
    if (error instanceof ScrapeHttpError && error.status === 404) return null;
    throw error;
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** HTML character references decoded (named basics, decimal and hex). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}
