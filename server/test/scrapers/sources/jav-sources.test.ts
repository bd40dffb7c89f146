import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScrapeBlockedError } from '../../../src/scrapers/http/scrape-fetcher';
import type { FetcherFactory } from '../../../src/scrapers/run/run-ports';
import { sourceFetcher } from '../../../src/scrapers/sources/source-session';
import { javSources } from '../../../src/scrapers/sources/jav/jav-sources';
import { scrapeHttpKit } from '../http/scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from '../http/scrape-site-server';
import {
  challengePage,
  javDatabaseParagraphPage,
  javDatabaseTablePage,
  javLandMoviePage,
  javLibraryMoviePage,
  javLibraryResultList,
  r18devMovie,
} from './source-fixtures';

let site: ScrapeSiteServer;
let http: FetcherFactory;
const sources = javSources();
const never = new AbortController().signal;
const json = (body: unknown) => reply(200, JSON.stringify(body), { 'content-type': 'application/json' });
const DMM = 'https://pics.dmm.co.jp/digital/video';

beforeAll(async () => {
  site = await startScrapeSite();
  const hosts = ['r18.dev', 'www.javdatabase.com', 'www.javlibrary.com', 'jav.land'];
  http = scrapeHttpKit({ hostMap: Object.fromEntries(hosts.map((host) => [host, site.origin])) }).http;
});
afterAll(() => site.close());
beforeEach(() => {
  site.routes.clear();
  site.requests.length = 0;
});

const scrape = (source: keyof typeof sources, id: string) =>
  sources[source].scene(id, sourceFetcher(http, source), never);

describe('r18.dev', () => {
  const detail = (key: string, value: string) => `/videos/vod/movies/detail/-/${key}=${value}/json`;

  it('finds the movie through the dvd_id lookup and maps every field', async () => {
    site.routes.set(detail('dvd_id', 'FOVR-123'), json({ content_id: 'fovr00123' }));
    site.routes.set(detail('combined', 'fovr00123'), json(r18devMovie()));
    const scene = await scrape('r18d', 'FOVR-123');
    expect(site.requests.map((request) => request.path)).toEqual([
      detail('combined', 'fovr-123'),
      detail('dvd_id', 'FOVR-123'),
      detail('combined', 'fovr00123'),
    ]);
    expect(scene).toMatchObject({
      sceneId: 'FOVR-123',
      siteId: 'FOVR-123',
      scraperId: '',
      sceneType: 'VR',
      site: 'FOVR',
      title: 'Rainy Afternoon & Tea',
      synopsis: '',
      studio: 'Invented Maker',
      released: '2024-03-05',
      duration: 118,
      homepageUrl: 'https://www.dmm.co.jp/en/digital/videoa/-/detail/=/cid=fovr00123/',
      covers: [`${DMM}/fovr00123/fovr00123pl.jpg`],
      gallery: [`${DMM}/fovr00123/fovr00123jp-1.jpg`, `${DMM}/fovr00123/fovr00123jp-2.jpg`],
      cast: ['Aya Inventa', 'Mio Fictia'],
      tags: ['schoolgirl', '8KVR', 'Kiss', 'JAVR', 'R18.dev'],
    });
    expect(scene?.filenames).toEqual(
      ['vrv1uhqf', 'vrv18khia'].flatMap((suffix) =>
        ['', '1', '2', '3'].map((part) => `fovr00123${suffix}${part}.mp4`),
      ),
    );
  });

  it('keeps a machine translation as the synopsis and falls back to the content id and label', async () => {
    site.routes.set(
      detail('combined', 'fovr00124'),
      json(
        r18devMovie({
          content_id: 'fovr00124',
          dvd_id: '----',
          title_en_is_machine_translation: true,
          categories: [{ name_en: 'High-Quality VR' }],
        }),
      ),
    );
    const scene = await scrape('r18d', 'fovr00124');
    expect(scene).toMatchObject({
      sceneId: 'fovr00124',
      title: 'fovr00124',
      synopsis: '[VR] Rainy Afternoon & Tea',
      site: 'Invented Label',
      tags: ['JAVR', 'R18.dev'],
    });
    expect(scene?.filenames).toEqual(['', '1', '2', '3'].map((part) => `fovr00124vrv1uhqe${part}.mp4`));
  });

  it('answers null for an id r18.dev does not know', async () => {
    expect(await scrape('r18d', 'NOPE-1')).toBeNull();
    expect(site.requests).toHaveLength(2);
  });
});

describe('JavDatabase', () => {
  it('reads the table layout, filters the genres and fills the DMM defaults', async () => {
    site.routes.set('/movies/fovr-123/', reply(200, javDatabaseTablePage));
    expect(await scrape('javdatabase', 'FOVR-123')).toMatchObject({
      sceneId: 'FOVR-123',
      title: 'FOVR-123',
      site: 'FOVR',
      studio: 'Invented Maker',
      released: '2024-03-05',
      duration: 118,
      synopsis: 'Rainy Afternoon Tea',
      cast: ['Aya Inventa'],
      tags: ['javr', 'javdatabase', 'blowjob'],
      homepageUrl: 'https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=fovr00123/',
      covers: [
        `${DMM}/fovr00123/fovr00123pl.jpg`,
        ...[1, 2, 3, 4, 5, 6].map((n) => `${DMM}/fovr00123/fovr00123jp-${n}.jpg`),
      ],
      gallery: [],
    });
  });

  it('reads the paragraph layout, takes the content id from the gallery and corrects DSVR ids', async () => {
    site.routes.set(
      '/movies/dsvr-0878/',
      reply(200, javDatabaseParagraphPage.replace('3dsvr-0878', 'dsvr-0878')),
    );
    const scene = await scrape('javdatabase', 'DSVR-0878');
    expect(scene).toMatchObject({
      sceneId: '3DSVR-0878',
      title: '3DSVR-0878',
      site: '3DSVR',
      studio: 'Invented Works',
      released: '2023-11-02',
      tags: ['javr', 'javdatabase', 'suntan'],
      covers: [`${DMM}/13dsvr00878/13dsvr00878pl.jpg`],
      gallery: [`${DMM}/13dsvr00878/13dsvr00878jp-1.jpg`, `${DMM}/13dsvr00878/13dsvr00878jp-2.jpg`],
    });
  });

  it('answers null for a page it does not have', async () => {
    expect(await scrape('javdatabase', 'NOPE-1')).toBeNull();
  });
});

describe('JavLibrary', () => {
  it('follows the result whose id is the query and reads the movie page', async () => {
    site.routes.set('/en/vl_searchbyid.php?keyword=fovr-123', reply(200, javLibraryResultList('fovr-123')));
    site.routes.set('/en/?v=javfovr1', reply(200, javLibraryMoviePage));
    const scene = await scrape('javlibrary', 'FOVR-123');
    expect(site.requests.map((request) => request.path)).toEqual([
      '/en/vl_searchbyid.php?keyword=fovr-123',
      '/en/?v=javfovr1',
    ]);
    expect(scene).toMatchObject({
      sceneId: 'FOVR-123',
      site: 'FOVR',
      studio: 'Invented Maker',
      released: '2024-03-05',
      synopsis: 'FOVR-123 Rainy Afternoon Tea Full Title',
      cast: ['Aya Inventa'],
      tags: ['javr', 'javlibrary', 'threesome / foursome'],
      covers: [`${DMM}/fovr00123/fovr00123pl.jpg`],
      gallery: [`${DMM}/fovr00123/fovr00123jp-1.jpg`, `${DMM}/fovr00123/fovr00123jp-2.jpg`],
      homepageUrl: 'https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=fovr00123/',
    });
  });

  it('stops the import on a challenge page instead of reading it', async () => {
    site.routes.set(
      '/en/vl_searchbyid.php?keyword=fovr-123',
      reply(403, challengePage, { 'cf-mitigated': 'challenge' }),
    );
    await expect(scrape('javlibrary', 'FOVR-123')).rejects.toBeInstanceOf(ScrapeBlockedError);
  });
});

describe('JAV.Land', () => {
  it('reads the two-cell rows, rewrites mirror links and takes the synopsis from the title', async () => {
    site.routes.set('/en/id_search.php?keys=fovr-123', reply(200, javLandMoviePage));
    expect(await scrape('javland', 'FOVR-123')).toMatchObject({
      sceneId: 'FOVR-123',
      studio: 'Invented Maker',
      released: '2024-03-05',
      cast: ['Mio Fictia'],
      tags: ['javr', 'jav.land', 'other fetishes'],
      synopsis: 'FOVR-123 Rainy Afternoon Tea',
      gallery: [`${DMM}/fovr00123/fovr00123jp-1.jpg`, `${DMM}/fovr00123/fovr00123jp-2.jpg`],
      covers: [`${DMM}/fovr00123/fovr00123pl.jpg`],
    });
  });
});
