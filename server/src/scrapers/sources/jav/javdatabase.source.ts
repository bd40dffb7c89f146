import { load, type CheerioAPI } from 'cheerio';
import type { ScrapeFetcher } from '../../http/scrape-fetcher';
import type { ScrapedScene } from '../../scraped-scene';
import { baseUrl } from '../source-session';
import { fetchUnlessMissing, type JavSource } from './jav-source';
import { javContentId, javrTags, javScene, postProcessJavScene } from './jav-util';

export const JAVDATABASE_BASE = 'https://www.javdatabase.com';

const DMM_GALLERY = /^https:\/\/pics\.dmm\.co\.jp\/digital\/video\/.*\.jpg$/;

/** What the label/value rows of a movie page say. */
interface MovieFacts {
  studio: string;
  dvdId: string;
  released: string;
  genres: string[];
  synopsis: string;
  contentId: string;
  runtime: string;
}

/** "Studio:" and "Studio" alike. */
const labelKey = (label: string) => label.trim().replace(/:$/, '').trim();

/**
 * The label/value rows of both page layouts: table rows (`td.tablelabel` / `td.tablevalue`, the studio in its
 * `span`) and `p.mb-1` paragraphs split at the first ": ".
 */
function movieFacts($: CheerioAPI): MovieFacts {
  const facts: MovieFacts = {
    studio: '',
    dvdId: '',
    released: '',
    genres: [],
    synopsis: '',
    contentId: '',
    runtime: '',
  };
  const genreLinks = (scope: ReturnType<CheerioAPI>) =>
    scope
      .find('a')
      .filter((_, link) => ($(link).attr('href') ?? '').includes('javdatabase.com/genres/'))
      .map((_, link) => $(link).text().trim())
      .get();
  const take = (label: string, value: string, scope: ReturnType<CheerioAPI>, studio: string) => {
    switch (labelKey(label)) {
      case 'Studio':
        facts.studio = studio;
        break;
      case 'DVD ID':
        facts.dvdId = value.trim().toUpperCase();
        break;
      case 'Release Date':
        facts.released = /\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? '';
        break;
      case 'Genre(s)':
        facts.genres.push(...genreLinks(scope));
        break;
      case 'Translated Title':
        facts.synopsis = value.trim();
        break;
      case 'Content ID':
        facts.contentId = value.trim();
        break;
      case 'Runtime':
        facts.runtime = value.trim().split(/\s+/)[0] ?? '';
        break;
    }
  };
  $('div.movietable tr').each((_, row) => {
    const label = $(row).find('td.tablelabel').first().text();
    const cell = $(row).find('td.tablevalue').first();
    take(label, cell.text(), cell, cell.children('span').first().text().trim() || cell.text().trim());
  });
  $('p.mb-1').each((_, paragraph) => {
    const whole = $(paragraph).text();
    const at = whole.indexOf(': ');
    if (at < 0) return;
    const value = whole.slice(at + 2);
    take(whole.slice(0, at), value, $(paragraph), value.trim());
  });
  return facts;
}

/** The idols of the "… Actress/Idols" block. */
function cast($: CheerioAPI): string[] {
  const names: string[] = [];
  $('h4.subhead')
    .filter((_, heading) => $(heading).text().trim().endsWith('Actress/Idols'))
    .each((_, heading) => {
      $(heading)
        .parent()
        .find('div.card-body a.cut-text')
        .each((__, link) => {
          if (($(link).attr('href') ?? '').includes('javdatabase.com/idols/'))
            names.push($(link).text().trim());
        });
    });
  return [...new Set(names.filter((name) => name !== ''))];
}

/** JavDatabase's movie page, `/movies/<id lowercased>/` (scraper-sites §6.2). */
export class JavDatabaseSource implements JavSource {
  readonly id = 'javdatabase' as const;
  readonly name = 'JavDatabase';
  private readonly base: string;

  constructor(base: string = JAVDATABASE_BASE) {
    this.base = baseUrl(base);
  }

  async scene(dvdId: string, fetcher: ScrapeFetcher, signal: AbortSignal): Promise<ScrapedScene | null> {
    const url = `${this.base}/movies/${encodeURIComponent(dvdId.toLowerCase())}/`;
    const page = await fetchUnlessMissing(fetcher, url, 'html', signal);
    if (page === null) return null;
    return javDatabaseScene(page.text);
  }
}

/** The scene of a movie page, or null when the page names no DVD id. */
export function javDatabaseScene(html: string): ScrapedScene | null {
  const $ = load(html);
  const facts = movieFacts($);
  if (facts.dvdId === '') return null;
  const minutes = Number.parseInt(facts.runtime, 10);
  const scene: ScrapedScene = {
    ...javScene(facts.dvdId, 'javdatabase'),
    studio: facts.studio,
    released: facts.released,
    synopsis: facts.synopsis,
    duration: Number.isFinite(minutes) && minutes > 0 ? minutes : 0,
    cast: cast($),
    gallery: [
      ...new Set(
        $('a[href]')
          .map((_, link) => $(link).attr('href') ?? '')
          .get()
          .filter((href) => DMM_GALLERY.test(href)),
      ),
    ],
  };
  scene.tags = [...scene.tags, ...javrTags(facts.genres)];
  return postProcessJavScene(scene, javContentId(scene, facts.contentId));
}
