import type { z } from 'zod';
import type { ScrapeFetcher } from '../../http/scrape-fetcher';
import type { ScrapedScene } from '../../scraped-scene';
import { baseUrl } from '../source-session';
import { fetchUnlessMissing, type JavSource } from './jav-source';
import { R18devLookup, R18devMovie, r18devScene } from './r18dev-scene';

export const R18DEV_BASE = 'https://r18.dev';

function parse<T>(text: string, schema: z.ZodType<T>, url: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`r18.dev answered something that is not JSON for ${url}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`r18.dev answered an unexpected document for ${url}`);
  return parsed.data;
}

/**
 * r18.dev's JSON (scraper-sites §6.1): the movie by `combined=<id>`; when that is unknown, the `dvd_id=<id>`
 * lookup gives the content id to ask `combined=` again.
 */
export class R18devSource implements JavSource {
  readonly id = 'r18d' as const;
  readonly name = 'r18.dev';
  private readonly base: string;

  constructor(base: string = R18DEV_BASE) {
    this.base = baseUrl(base);
  }

  async scene(dvdId: string, fetcher: ScrapeFetcher, signal: AbortSignal): Promise<ScrapedScene | null> {
    const detail = (key: 'combined' | 'dvd_id', value: string) =>
      `${this.base}/videos/vod/movies/detail/-/${key}=${encodeURIComponent(value)}/json`;
    let answer = await fetchUnlessMissing(fetcher, detail('combined', dvdId.toLowerCase()), 'json', signal);
    if (answer === null) {
      const lookupUrl = detail('dvd_id', dvdId);
      const lookup = await fetchUnlessMissing(fetcher, lookupUrl, 'json', signal);
      if (lookup === null) return null;
      const contentId = parse(lookup.text, R18devLookup, lookupUrl).content_id.trim();
      if (contentId === '') return null;
      answer = await fetchUnlessMissing(fetcher, detail('combined', contentId), 'json', signal);
      if (answer === null) return null;
    }
    return r18devScene(parse(answer.text, R18devMovie, answer.url));
  }
}
