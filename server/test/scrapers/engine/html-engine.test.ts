import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeSceneUrl, scrapeSite, SceneRejectedError } from '../../../src/scrapers/engine/scrape-site';
import { ScrapeBlockedError, ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import type { ScrapeHttp } from '../../../src/scrapers/http/scrape-http';
import { emptyScrapedScene } from '../../../src/scrapers/scraped-scene';
import { fixtureFetcher, fixtureHttp } from '../support/fixture-fetcher';
import { FixtureSiteServer } from '../support/fixture-site-server';
import { firstSite, runEngine } from '../support/run-engine';
import { htmlSiteDefinition, htmlSitePages, SCENE_URL } from './html-site.fixture';

const server = new FixtureSiteServer();
let http: ScrapeHttp;

beforeAll(async () => {
  http = fixtureHttp(await server.serve(htmlSitePages({ challenge: true })));
});

afterAll(async () => {
  await http.close();
  await server.close();
});

async function serve(options: { challenge?: boolean } = {}) {
  await server.serve(htmlSitePages(options));
}

function fetcher() {
  return fixtureFetcher(http, 'vrsite', htmlSiteDefinition().http);
}

describe('html engine: a full walk', () => {
  it('reads every source of the scene page, the listing card, fallbacks and actor details', async () => {
    await serve();
    const run = await runEngine({ definition: htmlSiteDefinition(), fetcher: fetcher() });
    expect(run.error).toBeNull();
    expect(run.scenes.map((scene) => scene.sceneId)).toEqual(['vrsite-101', 'vrsite-102', 'vrsite-103']);
    expect(run.scenes[0]).toEqual({
      ...emptyScrapedScene('vrsite'),
      sceneId: 'vrsite-101',
      siteId: '101',
      title: 'First Scene',
      site: 'VRSite',
      studio: 'VRSite Studios',
      synopsis: 'Line one.Line two & more.',
      released: '2020-01-02',
      duration: 35,
      covers: ['https://cdn.vrsite.example/101/og.jpg'],
      gallery: ['https://vrsite.example/g/1.jpg', 'https://vrsite.example/g/2.jpg'],
      tags: ['blonde', 'pov'],
      cast: ['Ann', 'Bea'],
      filenames: ['vrsite_first_8k.mp4', 'VRSite_101_8K.mp4'],
      homepageUrl: SCENE_URL(101, 'first-scene'),
      membersUrl: 'https://members.vrsite.example/scene/101',
      trailerType: 'url',
      trailerSrc: 'https://cdn.vrsite.example/101/trailer.mp4',
      hasScriptDownload: true,
      actorDetails: {
        Ann: {
          imageUrl: 'https://vrsite.example/img/ann.jpg',
          profileUrl: 'https://vrsite.example/model/ann',
          source: 'vrsite scrape',
        },
        Bea: { imageUrl: '', profileUrl: 'https://vrsite.example/model/bea', source: 'vrsite scrape' },
      },
    });
  });

  it('fills empty fields from the JSON-LD VideoObject (before other blocks) and from OpenGraph', async () => {
    await serve();
    const run = await runEngine({ definition: htmlSiteDefinition(), fetcher: fetcher() });
    const [, ld, og] = run.scenes;
    expect(ld).toMatchObject({
      title: 'Second From LD',
      synopsis: 'LD synopsis',
      released: '2020-02-03',
      duration: 41,
      covers: ['https://cdn.vrsite.example/102/ld.jpg'],
      cast: ['Cleo', 'Dana'],
      tags: ['Redhead', 'Outdoor'],
      actorDetails: {},
    });
    expect(og).toMatchObject({
      title: 'Third From OG',
      synopsis: 'OG synopsis',
      released: '2020-03-04',
      duration: 25,
      covers: ['https://cdn.vrsite.example/103/og.jpg'],
      cast: ['Eve'],
      tags: ['Brunette'],
    });
  });

  it('rejects a scene missing a required field and a scene page that fails, and carries on', async () => {
    await serve();
    const run = await runEngine({ definition: htmlSiteDefinition(), fetcher: fetcher() });
    expect(run.rejects).toEqual([
      { url: SCENE_URL(104, 'untitled'), reason: 'required field empty: title' },
      { url: SCENE_URL(105, 'gone'), reason: expect.stringContaining('404') as unknown as string },
    ]);
    expect(run.result).toEqual({ scenesSeen: 5, listingPages: 3, stoppedAtKnown: false });
    expect(server.requests).not.toContain('https://vrsite.example/videos?page=4');
  });

  it('follows the next link when the definition has one', async () => {
    await serve();
    const run = await runEngine({ definition: htmlSiteDefinition({ next: true }), fetcher: fetcher() });
    expect(run.result).toEqual({ scenesSeen: 5, listingPages: 2, stoppedAtKnown: false });
    expect(server.requests.filter((url) => url.includes('/videos'))).toEqual([
      'https://vrsite.example/videos',
      'https://vrsite.example/videos?page=2',
    ]);
  });

  it('uses the site entry: display name, scene id prefix and master site', async () => {
    await serve();
    const definition = htmlSiteDefinition();
    const run = await runEngine({ definition, site: definition.sites[1], fetcher: fetcher() });
    expect(run.scenes[0]).toMatchObject({
      sceneId: 'vrsite-alt-101',
      scraperId: 'vrsite-alt',
      site: 'VRSite Alt',
      masterSiteId: 'vrsite',
      filenames: ['vrsite_first_8k.mp4', 'VRSite Alt_101_8K.mp4'],
    });
  });
});

describe('html engine: where a walk stops', () => {
  it('skips known scenes without fetching them, and stops after their page with stopAtKnown', async () => {
    await serve();
    const known = [SCENE_URL(103, 'third')];
    const walked = await runEngine({ definition: htmlSiteDefinition(), fetcher: fetcher(), known });
    expect(walked.scenes.map((scene) => scene.siteId)).toEqual(['101', '102']);
    expect(walked.result?.listingPages).toBe(3);
    expect(server.requests).not.toContain(SCENE_URL(103, 'third'));

    await serve();
    const stopped = await runEngine({
      definition: htmlSiteDefinition(),
      fetcher: fetcher(),
      known,
      stopAtKnown: true,
    });
    expect(stopped.scenes.map((scene) => scene.siteId)).toEqual(['101', '102']);
    expect(stopped.result).toEqual({ scenesSeen: 3, listingPages: 1, stoppedAtKnown: true });
    expect(server.requests).not.toContain('https://vrsite.example/videos?page=2');
  });

  it('reads only limit_pages pages with limit scraping, and never more than max_pages', async () => {
    await serve();
    const limited = await runEngine({
      definition: htmlSiteDefinition(),
      fetcher: fetcher(),
      limitScraping: true,
    });
    expect(limited.result?.listingPages).toBe(1);
    expect(limited.scenes).toHaveLength(3);

    const two = await runEngine({
      definition: htmlSiteDefinition({ limit_pages: 2 }),
      fetcher: fetcher(),
      limitScraping: true,
    });
    expect(two.result?.listingPages).toBe(2);

    const capped = await runEngine({ definition: htmlSiteDefinition({ max_pages: 1 }), fetcher: fetcher() });
    expect(capped.result?.listingPages).toBe(1);
  });

  it('ends the run by throwing on a blocked page, keeping the scenes emitted before', async () => {
    await serve({ challenge: true });
    const run = await runEngine({ definition: htmlSiteDefinition(), fetcher: fetcher() });
    expect(run.error).toBeInstanceOf(ScrapeBlockedError);
    expect(run.scenes).toHaveLength(3);
    expect(run.rejects.map((reject) => reject.url)).not.toContain(SCENE_URL(106, 'walled'));
  });

  it('ends the run by throwing when a listing page fails', async () => {
    await server.serve([]);
    const run = await runEngine({ definition: htmlSiteDefinition(), fetcher: fetcher() });
    expect(run.error).toBeInstanceOf(ScrapeHttpError);
    expect(run.scenes).toEqual([]);
  });

  it('honours the signal between requests', async () => {
    await serve();
    const controller = new AbortController();
    const emitted: string[] = [];
    const definition = htmlSiteDefinition();
    const walk = scrapeSite({
      definition,
      site: firstSite(definition),
      fetcher: fetcher(),
      isKnown: () => false,
      stopAtKnown: false,
      limitScraping: false,
      signal: controller.signal,
      emit: (scene) => {
        emitted.push(scene.siteId);
        controller.abort(new Error('stopped by the owner'));
        return Promise.resolve();
      },
      reject: () => undefined,
    });
    await expect(walk).rejects.toThrow('stopped by the owner');
    expect(emitted).toEqual(['101']);
    expect(server.requests).not.toContain(SCENE_URL(102, 'second'));
  });
});

describe('html engine: one scene by URL', () => {
  it('scrapes the page alone (listing-only fields stay empty) and rejects an unusable one', async () => {
    await serve();
    const definition = htmlSiteDefinition();
    const site = firstSite(definition);
    const input = {
      definition,
      site,
      fetcher: fetcher(),
      additionalInfo: {},
      signal: new AbortController().signal,
    };
    const scene = await scrapeSceneUrl({ ...input, url: SCENE_URL(101, 'first-scene') });
    expect(scene).toMatchObject({
      sceneId: 'vrsite-101',
      title: 'First Scene',
      released: '',
      homepageUrl: SCENE_URL(101, 'first-scene'),
    });
    await expect(scrapeSceneUrl({ ...input, url: SCENE_URL(104, 'untitled') })).rejects.toBeInstanceOf(
      SceneRejectedError,
    );
  });
});
