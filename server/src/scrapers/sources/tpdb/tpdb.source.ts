import { ScrapeHttpError } from '../../http/scrape-fetcher';
import type { FetcherFactory } from '../../run/run-ports';
import type { ScrapedScene } from '../../scraped-scene';
import { baseUrl, sourceFetcher } from '../source-session';
import { TpdbSceneDocument, tpdbScene, TPDB_SCRAPER_ID } from './tpdb-scene';
import type { TpdbTarget } from './tpdb-url';

/** The ThePornDB API. */
export const TPDB_API_BASE = 'https://api.theporndb.net';

/** Why TPDB refused, by status (the API's own message is not kept by the HTTP layer). */
function refusal(status: number, target: TpdbTarget): string {
  if (status === 401 || status === 403) return `TPDB refused the API token (${status})`;
  if (status === 404)
    return `TPDB has no ${target.kind === 'jav' ? 'JAV entry' : 'scene'} "${target.slug}" (404)`;
  return `TPDB answered ${status}`;
}

/** One scene from the ThePornDB API with a bearer token (scraper-sites §4). */
export class TpdbSource {
  private readonly api: string;

  constructor(
    private readonly http: FetcherFactory,
    api: string = TPDB_API_BASE,
  ) {
    this.api = baseUrl(api);
  }

  async scene(target: TpdbTarget, token: string, signal: AbortSignal): Promise<ScrapedScene> {
    const fetcher = sourceFetcher(this.http, TPDB_SCRAPER_ID);
    const url = `${this.api}/${target.kind}/${encodeURIComponent(target.slug)}`;
    let text: string;
    try {
      const answer = await fetcher.fetch(
        url,
        { expect: 'json', headers: { authorization: `Bearer ${token}` } },
        signal,
      );
      text = answer.text;
    } catch (error) {
      if (error instanceof ScrapeHttpError && error.status >= 400) {
        throw new Error(refusal(error.status, target), { cause: error });
      }
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`TPDB answered something that is not JSON for ${url}`);
    }
    const document = TpdbSceneDocument.safeParse(json);
    if (!document.success) throw new Error(`TPDB answered an unexpected document for ${url}`);
    return tpdbScene(document.data);
  }
}
