import { load, type CheerioAPI } from 'cheerio';
import type { ScrapeFetcher } from '../../http/scrape-fetcher';
import type { ScrapedScene } from '../../scraped-scene';
import { baseUrl } from '../source-session';
import { fetchUnlessMissing, type JavSource } from './jav-source';
import { javContentId, javrTags, javScene, postProcessJavScene } from './jav-util';

export const JAVLAND_BASE = 'https://jav.land';

const DMM_GALLERY = /^https:\/\/pics\.dmm\.co\.jp\/digital\/video\/.*\.jpg$/;

/** The rows of `table.videotextlist` with exactly two cells, by label ("Maker:"). */
function rows($: CheerioAPI): Map<string, ReturnType<CheerioAPI>> {
  const found = new Map<string, ReturnType<CheerioAPI>>();
  $('table.videotextlist tr').each((_, row) => {
    const cells = $(row).children('td');
    if (cells.length !== 2) return;
    found.set(cells.first().text().trim(), cells.last());
  });
  return found;
}

/** Link texts of `span.<kind> > a` whose href contains `/<path>/`. */
function linked(
  $: CheerioAPI,
  cell: ReturnType<CheerioAPI> | undefined,
  kind: string,
  path: string,
): string[] {
  if (!cell) return [];
  return cell
    .find(`span.${kind} > a`)
    .filter((_, link) => ($(link).attr('href') ?? '').includes(`/${path}/`))
    .map((_, link) => $(link).text().trim())
    .get()
    .filter((text) => text !== '');
}

/** JAV.Land's id search (scraper-sites §6.4; reported offline, its block detection still applies). */
export class JavLandSource implements JavSource {
  readonly id = 'javland' as const;
  readonly name = 'JAV.Land';
  private readonly base: string;

  constructor(base: string = JAVLAND_BASE) {
    this.base = baseUrl(base);
  }

  async scene(dvdId: string, fetcher: ScrapeFetcher, signal: AbortSignal): Promise<ScrapedScene | null> {
    const url = `${this.base}/en/id_search.php?keys=${encodeURIComponent(dvdId.toLowerCase())}`;
    const page = await fetchUnlessMissing(fetcher, url, 'html', signal);
    return page === null ? null : javLandScene(page.text);
  }
}

/** The scene of a movie page, or null when it names no DVD id. */
export function javLandScene(html: string): ScrapedScene | null {
  const $ = load(html);
  const facts = rows($);
  const value = (label: string) => facts.get(label)?.text().trim() ?? '';
  const id = value('DVD ID:');
  if (id === '') return null;
  const gallery = $('a[href]')
    .map((_, link) =>
      ($(link).attr('href') ?? '').replace(/^https:\/\/pics\.vpdmm\.cc\//, 'https://pics.dmm.co.jp/'),
    )
    .get()
    .filter((href) => DMM_GALLERY.test(href));
  const scene: ScrapedScene = {
    ...javScene(id, 'jav.land'),
    studio: value('Maker:'),
    released: /\d{4}-\d{2}-\d{2}/.exec(value('Release Date:'))?.[0] ?? '',
    cast: [...new Set(linked($, facts.get('Cast:'), 'star', 'star'))],
    gallery: [...new Set(gallery)],
    synopsis: $('title').first().text().replace('- JAV.Land', ''),
  };
  scene.tags = [...scene.tags, ...javrTags(linked($, facts.get('Genre(s):'), 'genre', 'genre'))];
  return postProcessJavScene(scene, javContentId(scene, value('Content ID:')));
}
