import { load, type CheerioAPI } from 'cheerio';
import type { ScrapeFetcher } from '../../http/scrape-fetcher';
import type { ScrapedScene } from '../../scraped-scene';
import { baseUrl } from '../source-session';
import { fetchUnlessMissing, type JavSource } from './jav-source';
import { javContentId, javrTags, javScene, postProcessJavScene } from './jav-util';

export const JAVLIBRARY_BASE = 'https://www.javlibrary.com';

/** DMM sample thumbnails (`…-1.jpg`) rewritten to the large images (`…jp-1.jpg`). */
const DMM_THUMB = /\/\/pics\.dmm\.co\.jp\/digital\/video\/([^/]+)\/(.+[0-9])-([0-9]+)\.jpg/;

const protocolRelative = (url: string) => (url.startsWith('//') ? `https:${url}` : url);

/** The link of the result whose id is the query, on a search result list; null when the page is not one. */
function resultLink($: CheerioAPI, query: string): string | null | undefined {
  const heading = $('div.boxtitle').text().toLowerCase();
  if (!heading.includes(`"${query.toLowerCase()}" id search result`)) return undefined;
  const hit = $('div.videos div.video a')
    .filter((_, link) => $(link).find('div.id').text().trim().toLowerCase() === query.toLowerCase())
    .first();
  return hit.attr('href') ?? null;
}

/** JavLibrary's id search (scraper-sites §6.3): a unique hit redirects to the movie, else a result list. */
export class JavLibrarySource implements JavSource {
  readonly id = 'javlibrary' as const;
  readonly name = 'JavLibrary';
  private readonly base: string;

  constructor(base: string = JAVLIBRARY_BASE) {
    this.base = baseUrl(base);
  }

  async scene(dvdId: string, fetcher: ScrapeFetcher, signal: AbortSignal): Promise<ScrapedScene | null> {
    const query = dvdId.toLowerCase();
    const url = `${this.base}/en/vl_searchbyid.php?keyword=${encodeURIComponent(query)}`;
    const page = await fetchUnlessMissing(fetcher, url, 'html', signal);
    if (page === null) return null;
    const link = resultLink(load(page.text), query);
    if (link === undefined) return javLibraryScene(page.text);
    if (link === null) return null;
    const movie = await fetchUnlessMissing(fetcher, new URL(link, page.url).href, 'html', signal);
    return movie === null ? null : javLibraryScene(movie.text);
  }
}

/** The scene of a movie page, or null when it names no id. */
export function javLibraryScene(html: string): ScrapedScene | null {
  const $ = load(html);
  const id = $('div#video_id td.text').first().text().trim();
  if (id === '') return null;
  const cover = protocolRelative($('img#video_jacket_img').attr('src')?.trim() ?? '');
  const gallery = $('div.previewthumbs img')
    .map((_, image) => $(image).attr('src')?.trim() ?? '')
    .get()
    .filter((src) => src !== '')
    .map((src) => protocolRelative(src.replace(DMM_THUMB, '//pics.dmm.co.jp/digital/video/$1/$2jp-$3.jpg')));
  const scene: ScrapedScene = {
    ...javScene(id, 'javlibrary'),
    covers: cover === '' ? [] : [cover],
    gallery: [...new Set(gallery)],
    released: /\d{4}-\d{2}-\d{2}/.exec($('div#video_date td.text').first().text())?.[0] ?? '',
    cast: [
      ...new Set(
        $('span.star')
          .map((_, star) => $(star).text().trim())
          .get()
          .filter((name) => name !== ''),
      ),
    ],
    synopsis: $('div#video_title h3').first().text(),
    studio: $('span.maker').first().text(),
  };
  scene.tags = [
    ...scene.tags,
    ...javrTags(
      $('span.genre')
        .map((_, genre) => $(genre).text())
        .get(),
    ),
  ];
  return postProcessJavScene(scene, javContentId(scene, ''));
}
