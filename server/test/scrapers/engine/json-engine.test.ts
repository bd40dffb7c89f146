import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scrapeSceneUrl, SceneRejectedError } from '../../../src/scrapers/engine/scrape-site';
import { ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import type { ScrapeHttp } from '../../../src/scrapers/http/scrape-http';
import { emptyScrapedScene } from '../../../src/scrapers/scraped-scene';
import { fixtureFetcher, fixtureHttp } from '../support/fixture-fetcher';
import { FixtureSiteServer } from '../support/fixture-site-server';
import { firstSite, runEngine } from '../support/run-engine';
import {
  JSON_SCENE_URL,
  jsonSiteDefinition,
  jsonSitePages,
  type JsonListingOptions,
} from './json-site.fixture';

const server = new FixtureSiteServer();
let http: ScrapeHttp;

beforeAll(async () => {
  http = fixtureHttp(await server.serve(jsonSitePages()));
});

beforeEach(async () => {
  await server.serve(jsonSitePages());
});

afterAll(async () => {
  await http.close();
  await server.close();
});

const fetcher = () => fixtureFetcher(http, 'jsonsite', jsonSiteDefinition().http);
const run = (
  options: JsonListingOptions,
  extra: { known?: string[]; stopAtKnown?: boolean; limitScraping?: boolean } = {},
) => runEngine({ definition: jsonSiteDefinition(options), fetcher: fetcher(), ...extra });
const listingRequests = () => server.requests.filter((url) => /releases\?/.test(url));

describe('json engine: listing pages', () => {
  it('reads the items as scene documents, keyed by item_url', async () => {
    const walked = await run({});
    expect(walked.error).toBeNull();
    expect(walked.scenes.map((scene) => scene.siteId)).toEqual(['11', '12', '13', '14', '15']);
    expect(walked.scenes[0]).toEqual({
      ...emptyScrapedScene('jsonsite'),
      sceneId: 'json-site-11',
      siteId: '11',
      title: 'First Release',
      site: 'JSON Site',
      studio: 'JSON Studio',
      released: '2021-06-01',
      covers: ['https://cdn.jsonsite.example/11/poster.jpg'],
      gallery: ['https://cdn.jsonsite.example/11/1.jpg', 'https://cdn.jsonsite.example/11/2.jpg'],
      filenames: ['JS_11_8k.mp4', 'JS_11_4k.mp4'],
      cast: ['Actor 11'],
      homepageUrl: JSON_SCENE_URL('first-release'),
      membersUrl: 'https://jsonsite.example/members/video/first-release',
      trailerType: 'url',
      trailerSrc: 'https://cdn.jsonsite.example/first-release.mp4',
      actorDetails: {
        'Actor 11': {
          imageUrl: 'https://jsonsite.example/a/11.jpg',
          profileUrl: 'https://jsonsite.example/model/actor-11',
          source: 'jsonsite scrape',
        },
      },
    });
    expect(walked.rejects).toEqual([
      {
        url: 'https://api.jsonsite.example/releases?page=3',
        reason: expect.stringContaining('without a scene URL') as unknown as string,
      },
    ]);
    expect(server.requests.some((url) => url.includes('/releases/'))).toBe(false);
  });

  it.each([
    ['page_count', 3],
    ['total', 3],
    ['has_more', 3],
    ['empty', 4],
    ['offset', 3],
  ] as const)('ends the walk by %s after %i pages', async (paging, pages) => {
    const walked = await run({ paging });
    expect(walked.result).toEqual({ scenesSeen: 5, listingPages: pages, stoppedAtKnown: false });
    expect(listingRequests()).toHaveLength(pages);
    expect(walked.scenes).toHaveLength(5);
  });

  it('stops at a known scene and reads one page with limit scraping', async () => {
    const known = [JSON_SCENE_URL('third-release')];
    const stopped = await run({ detail: true }, { known, stopAtKnown: true });
    expect(stopped.result).toEqual({ scenesSeen: 4, listingPages: 2, stoppedAtKnown: true });
    expect(server.requests).not.toContain('https://api.jsonsite.example/releases/third-release');

    await server.serve(jsonSitePages());
    const limited = await run({}, { limitScraping: true });
    expect(limited.result?.listingPages).toBe(1);
    expect(listingRequests()).toEqual(['https://api.jsonsite.example/releases?page=1']);
  });

  it('throws when a listing page is not JSON', async () => {
    const walked = await run({ urls: ['https://api.jsonsite.example/broken?page={page}'] });
    expect(walked.error).toBeInstanceOf(ScrapeHttpError);
  });
});

describe('json engine: detail documents', () => {
  it('fetches detail_url as the scene document, reads the item with from: listing, rejects a failing one', async () => {
    const walked = await run({ detail: true });
    expect(walked.scenes.map((scene) => scene.siteId)).toEqual(['11', '12', '13', '15']);
    expect(walked.scenes[0]).toMatchObject({ synopsis: 'About First Release.', released: '2021-06-01' });
    expect(walked.rejects.map((reject) => reject.url)).toEqual([
      JSON_SCENE_URL('fourth-release'),
      'https://api.jsonsite.example/releases?page=3',
    ]);
  });

  it('scrapes one scene by URL through single_scene.detail_url and its named groups', async () => {
    const definition = jsonSiteDefinition({ detail: true });
    const input = {
      definition,
      site: firstSite(definition),
      fetcher: fetcher(),
      additionalInfo: {},
      signal: new AbortController().signal,
    };
    const scene = await scrapeSceneUrl({ ...input, url: JSON_SCENE_URL('second-release') });
    expect(scene).toMatchObject({
      sceneId: 'json-site-12',
      title: 'Second Release',
      synopsis: 'About Second Release.',
      homepageUrl: JSON_SCENE_URL('second-release'),
    });
    const plain = jsonSiteDefinition();
    await expect(
      scrapeSceneUrl({ ...input, definition: plain, url: JSON_SCENE_URL('second-release') }),
    ).rejects.toBeInstanceOf(SceneRejectedError);
  });
});
