import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScraperDefinition } from '../../../src/scrapers/definitions/definition.schema';
import { scrapeSceneUrl } from '../../../src/scrapers/engine/scrape-site';
import { SessionValueError } from '../../../src/scrapers/engine/session-vars';
import type { ScrapeHttp } from '../../../src/scrapers/http/scrape-http';
import { fixtureFetcher, fixtureHttp } from '../support/fixture-fetcher';
import { FixtureSiteServer, type FixturePage } from '../support/fixture-site-server';
import { firstSite, runEngine } from '../support/run-engine';

/*
 * Per-request templating and session values on a made-up API (shop.example serves the key, api.example the
 * POST search): the key read once per run, templated headers from the definition and the site, POST bodies
 * per page with {json:} escapes, the page count from the first answer, items of another brand left out, and
 * one scene found on the listing by its URL.
 */

const API = 'https://api.example/search';
const body = (page: number, brand: string) => `{"q":"{\\"brand\\":\\"${brand}\\"}","page":${page}}`;

function definition() {
  return ScraperDefinition.parse({
    id: 'shop',
    version: 1,
    engine: 'json',
    sites: [
      {
        id: 'shop-a',
        name: 'Shop A',
        studio: 'Shop',
        domain: 'shop.example',
        vars: { brand: 'A' },
        http: { headers: { Referer: 'https://shop.example/{lower:brand}/' }, cookies: { region: '{brand}' } },
      },
    ],
    http: { headers: { 'x-key': '{session.key}', 'x-static': 'yes' } },
    session: [{ name: 'key', url: 'https://shop.example/', regex: 'apiKey: "(\\w+)"' }],
    listing: {
      urls: [{ url: API, method: 'POST', body: '{"q":"{\\"brand\\":\\"{json:brand}\\"}","page":{page}}' }],
      first_page: 0,
      items: 'hits',
      pages: { json: 'nbPages' },
      item_where: { json: 'brand', equals: '{brand}' },
      item_url: 'https://shop.example/v/{item.id}',
    },
    scene: { scene_id: 'shop-{site_id}', fields: { site_id: { json: 'id' }, title: { json: 'title' } } },
    single_scene: { url_patterns: ['^https://shop\\.example/v/\\d+$'], from_listing: true },
  });
}

const json = (value: unknown) => JSON.stringify(value);
const hits = (ids: [number, string][]) => ids.map(([id, brand]) => ({ id, brand, title: `Item ${id}` }));

function pages(key = 'k3y'): FixturePage[] {
  const needed = {
    'x-key': 'k3y',
    'x-static': 'yes',
    referer: 'https://shop.example/a/',
    cookie: 'region=A',
  };
  return [
    {
      url: 'https://shop.example/',
      contentType: 'text/html',
      body: `<script>cfg = { apiKey: "${key}" }</script>`,
    },
    {
      url: API,
      requestBody: body(0, 'A'),
      requireHeaders: needed,
      contentType: 'application/json',
      body: json({
        nbPages: 2,
        hits: hits([
          [1, 'A'],
          [2, 'B'],
          [3, 'A'],
        ]),
      }),
    },
    {
      url: API,
      requestBody: body(1, 'A'),
      requireHeaders: needed,
      contentType: 'application/json',
      body: json({ nbPages: 2, hits: hits([[4, 'B']]) }),
    },
    {
      url: API,
      requestBody: body(2, 'A'),
      contentType: 'application/json',
      body: json({ nbPages: 2, hits: hits([[9, 'A']]) }),
    },
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

const fetcher = () => fixtureFetcher(http, 'shop-a', definition().http);

describe('requests with session values and templated headers', () => {
  it('reads the key once, posts one body per page with the headers, and stops at the page count', async () => {
    await server.serve(pages());
    const run = await runEngine({ definition: definition(), fetcher: fetcher() });
    expect(run.error).toBeNull();
    expect(server.misses).toEqual([]);
    expect(run.scenes.map((scene) => scene.sceneId)).toEqual(['shop-1', 'shop-3']);
    expect(run.result?.listingPages).toBe(2);
    expect(server.requests.filter((url) => url === 'https://shop.example/')).toHaveLength(1);
  });

  it('ends the run when a session value is not on its page', async () => {
    await server.serve([
      { url: 'https://shop.example/', contentType: 'text/html', body: '<p>maintenance</p>' },
    ]);
    const run = await runEngine({ definition: definition(), fetcher: fetcher() });
    expect(run.error).toBeInstanceOf(SessionValueError);
    expect(run.scenes).toEqual([]);
  });

  it('sends a wrong key as read (the API refuses it)', async () => {
    await server.serve(pages('other'));
    const run = await runEngine({ definition: definition(), fetcher: fetcher() });
    expect(run.error).not.toBeNull();
    expect(server.misses[0]).toContain('without x-key: k3y');
  });
});

describe('single scenes found on the listing (from_listing)', () => {
  it('walks the listing until the item with that URL and builds it', async () => {
    await server.serve(pages());
    const scene = await scrapeSceneUrl({
      definition: definition(),
      site: firstSite(definition()),
      fetcher: fetcher(),
      url: 'https://shop.example/v/3',
      additionalInfo: {},
      signal: new AbortController().signal,
    });
    expect(scene.sceneId).toBe('shop-3');
    expect(server.requests.filter((url) => url.startsWith(API))).toHaveLength(1);
  });

  it('rejects a URL the listing does not have', async () => {
    await server.serve(pages());
    await expect(
      scrapeSceneUrl({
        definition: definition(),
        site: firstSite(definition()),
        fetcher: fetcher(),
        url: 'https://shop.example/v/77',
        additionalInfo: {},
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('not on the listing');
  });
});
