import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScraperDefinition } from '../../../src/scrapers/definitions/definition.schema';
import { scrapeSite } from '../../../src/scrapers/engine/scrape-site';
import type { ScriptFlags } from '../../../src/scrapers/engine/site-scraper';
import type { ScrapedScene } from '../../../src/scrapers/scraped-scene';
import type { ScrapeHttp } from '../../../src/scrapers/http/scrape-http';
import { fixtureFetcher, fixtureHttp } from '../support/fixture-fetcher';
import { FixtureSiteServer, type FixturePage } from '../support/fixture-site-server';
import { firstSite, runEngine } from '../support/run-engine';

/*
 * Listing features on a made-up html site (cards.example): every pagination link followed (follow_all), all
 * data on the cards (scene_page: false), an extra page per scene, and the script badges of known scenes.
 */

const BASE = 'https://cards.example';
const card = (id: number, scripted = false) =>
  `<div class="card"><a class="go" href="/v/${id}">Scene ${id}</a><span class="len">1:0${id % 10}:00</span>` +
  `${scripted ? '<i class="badge ai">script</i>' : ''}</div>`;
const pager = (...pages: number[]) =>
  `<nav>${pages.map((n) => `<a href="/list/${n}">${n}</a>`).join('')}</nav>`;
const listing = (cards: string[], nav: string) => `<html><body>${cards.join('')}${nav}</body></html>`;

function definition(extra: Record<string, unknown> = {}) {
  return ScraperDefinition.parse({
    id: 'cards',
    version: 1,
    engine: 'html',
    sites: [{ id: 'cards', name: 'Cards', studio: 'Cards', domain: 'cards.example' }],
    listing: {
      urls: [`${BASE}/list/1`],
      item: 'div.card',
      link: { sel: 'a.go', attr: 'href' },
      next: { sel: 'nav a', attr: 'href' },
      follow_all: true,
      scene_page: false,
      scripts: { has_script: { sel: 'i.badge' }, ai_script: { sel: 'i.badge.ai' } },
      ...extra,
    },
    scene: {
      scene_id: 'cards-{site_id}',
      extra_pages: [{ name: 'info', url: '{url}/info.json', format: 'json' }],
      fields: {
        site_id: { from: 'url', regex: '/v/(\\d+)' },
        title: { sel: 'a.go' },
        duration: { sel: 'span.len', steps: [{ duration: 'clock' }] },
        synopsis: { from: 'extra:info', json: 'about' },
      },
    },
  });
}

function pages(): FixturePage[] {
  const html = (url: string, body: string): FixturePage => ({ url, body, contentType: 'text/html' });
  const info = (id: number): FixturePage => ({
    url: `${BASE}/v/${id}/info.json`,
    body: JSON.stringify({ about: `About ${id}` }),
    contentType: 'application/json',
  });
  return [
    html(`${BASE}/list/1`, listing([card(1), card(2, true)], pager(1, 2, 3))),
    html(`${BASE}/list/2`, listing([card(3)], pager(1, 2, 3))),
    html(`${BASE}/list/3`, listing([card(4)], pager(1, 2, 3, 4))),
    html(`${BASE}/list/4`, listing([], pager(1, 2, 3, 4))),
    info(1),
    info(2),
    info(3),
    info(4),
  ];
}

const server = new FixtureSiteServer();
let http: ScrapeHttp;

beforeAll(async () => {
  http = fixtureHttp(await server.serve(pages()));
});

afterAll(async () => {
  await http.close();
  await server.close();
});

const fetcher = () => fixtureFetcher(http, 'cards', definition().http);

describe('follow_all, scene_page: false and extra pages', () => {
  it('visits every pagination link once, reads each scene from its card and its extra page', async () => {
    await server.serve(pages());
    const run = await runEngine({ definition: definition(), fetcher: fetcher() });
    expect(run.error).toBeNull();
    expect(server.misses).toEqual([]);
    expect(run.result?.listingPages).toBe(4);
    expect(run.scenes.map((scene) => [scene.sceneId, scene.title, scene.duration, scene.synopsis])).toEqual([
      ['cards-1', 'Scene 1', 61, 'About 1'],
      ['cards-2', 'Scene 2', 62, 'About 2'],
      ['cards-3', 'Scene 3', 63, 'About 3'],
      ['cards-4', 'Scene 4', 64, 'About 4'],
    ]);
    expect(server.requests.filter((url) => url.endsWith('/v/1'))).toEqual([]);
  });

  it('stops at the page count `pages` reads on the first page', async () => {
    await server.serve(pages());
    const run = await runEngine({
      definition: definition({ pages: { value: '2' } }),
      fetcher: fetcher(),
    });
    expect(run.result?.listingPages).toBe(2);
  });
});

describe('script badges of known scenes (funscripts.scrapeFunscripts)', () => {
  async function walk() {
    await server.serve(pages());
    const updates: ScriptFlags[] = [];
    const scenes: ScrapedScene[] = [];
    const known = new Set([`${BASE}/v/1`, `${BASE}/v/2`]);
    await scrapeSite({
      definition: definition(),
      site: firstSite(definition()),
      fetcher: fetcher(),
      isKnown: (url) => known.has(url),
      stopAtKnown: false,
      limitScraping: false,
      signal: new AbortController().signal,
      emit: (scene) => {
        scenes.push(scene);
        return Promise.resolve();
      },
      reject: () => undefined,
      scriptUpdates: (page) => {
        updates.push(...page);
        return Promise.resolve();
      },
    });
    return { updates, scenes };
  }

  it('hands over the known scenes whose card shows scripts, with their flags', async () => {
    const { updates, scenes } = await walk();
    expect(updates).toEqual([{ sceneUrl: `${BASE}/v/2`, aiScript: true, humanScript: false }]);
    expect(scenes.map((scene) => scene.sceneId)).toEqual(['cards-3', 'cards-4']);
  });
});
