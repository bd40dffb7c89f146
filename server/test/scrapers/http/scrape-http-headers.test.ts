import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coreDomain, scraperConfigKey } from '../../../src/scrapers/http/core-domain';
import { DEFAULT_SCRAPER_USER_AGENT } from '../../../src/scrapers/http/request-headers';
import { html, json, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from './scrape-site-server';

let site: ScrapeSiteServer;
let cdn: ScrapeSiteServer;
let kit: ScrapeHttpKit | undefined;

beforeAll(async () => {
  site = await startScrapeSite();
  cdn = await startScrapeSite();
});
afterAll(async () => {
  await site.close();
  await cdn.close();
});
afterEach(async () => {
  for (const server of [site, cdn]) {
    server.routes.clear();
    server.requests.length = 0;
  }
  await kit?.http.close();
  kit = undefined;
});

function newKit(): ScrapeHttpKit {
  const made = scrapeHttpKit({
    hostMap: { 'www.realitylovers.com': site.origin, 'cdn.realitylovers.net': cdn.origin },
  });
  kit = made;
  return made;
}

const cookie = (name: string, value: string, domain = '', path = '') => ({
  name,
  value,
  domain,
  path,
  host: '',
});

describe('request headers', () => {
  it('names the core domain as scraper-sites §1.7 does', () => {
    expect(coreDomain('www.czechvrnetwork.com')).toBe('czechvrnetwork');
    expect(coreDomain('api.sexlikereal.com')).toBe('api.sexlikereal');
    expect(coreDomain('en.caribbeancom.com')).toBe('en.caribbeancom');
    expect(coreDomain('localhost')).toBe('localhost');
    expect(scraperConfigKey('WWW.RealityLovers.com')).toBe('realitylovers-scraper');
  });

  it('sends a current browser User-Agent (or the configured one) and Accept by what the engine expects', async () => {
    const kit = newKit();
    site.routes.set('/page', reply(200, 'x'));
    const fetcher = kit.session();
    await fetcher.fetch('https://www.realitylovers.com/page', html, never);
    await fetcher.fetch('https://www.realitylovers.com/page', json, never);
    kit.settings.userAgent = '  MyAgent/1.0 ';
    await fetcher.fetch('https://www.realitylovers.com/page', html, never);
    const [first, second, third] = site.requests;
    expect(first?.headers['user-agent']).toBe(DEFAULT_SCRAPER_USER_AGENT);
    expect(DEFAULT_SCRAPER_USER_AGENT).toMatch(/Chrome\/1[3-9]\d\./);
    expect(first?.headers.accept).toMatch(/^text\/html,/);
    expect(second?.headers.accept).toMatch(/^application\/json/);
    expect(third?.headers['user-agent']).toBe('MyAgent/1.0');
  });

  it("adds the definition's headers and cookies, the engine's headers, then the collector config over them", async () => {
    const kit = newKit();
    kit.configs.set('realitylovers-scraper', {
      headers: [
        { key: 'Referer', value: 'https://www.realitylovers.com/' },
        { key: 'X-Site', value: 'from-config' },
        { key: 'bad header', value: 'skipped' },
      ],
      cookies: [
        cookie('agreedToDisclaimer', 'yes'),
        cookie('session', 'abc', '.realitylovers.com', '/'),
        cookie('members', 'only', 'realitylovers.com', '/members'),
        cookie('elsewhere', 'no', 'othersite.com'),
      ],
      body: '',
      other: [],
    });
    site.routes.set('/videos?page=2', reply(200, 'x'));
    const fetcher = kit.session({
      headers: { 'X-Site': 'from-definition', 'X-Definition': 'yes' },
      cookies: { agreedToDisclaimer: 'true', lang: 'en' },
    });
    await fetcher.fetch(
      'https://www.realitylovers.com/videos?page=2',
      { expect: 'json', headers: { 'X-Engine': 'e', Cookie: 'engine=1' } },
      never,
    );
    const headers = site.requests[0]?.headers;
    expect(headers?.['x-definition']).toBe('yes');
    expect(headers?.['x-engine']).toBe('e');
    expect(headers?.['x-site']).toBe('from-config');
    expect(headers?.referer).toBe('https://www.realitylovers.com/');
    expect(headers?.['bad header']).toBeUndefined();
    expect(headers?.cookie).toBe('agreedToDisclaimer=yes; lang=en; engine=1; session=abc');
    expect(kit.configReads).toEqual(['realitylovers-scraper']);
  });

  it('on a redirect to another host, drops the definition headers and uses that host’s own config', async () => {
    const kit = newKit();
    kit.configs.set('realitylovers-scraper', {
      headers: [{ key: 'X-Owner', value: 'site' }],
      cookies: [cookie('site', '1')],
      body: '',
      other: [],
    });
    kit.configs.set('cdn.realitylovers-scraper', {
      headers: [{ key: 'X-Owner', value: 'cdn' }],
      cookies: [cookie('cdn', '2')],
      body: '',
      other: [],
    });
    site.routes.set('/cover', reply(302, '', { location: 'https://cdn.realitylovers.net/cover.json' }));
    cdn.routes.set('/cover.json', reply(200, '{}', { 'content-type': 'application/json' }));
    const fetcher = kit.session({ headers: { Authorization: 'Bearer secret' }, cookies: { age: '1' } });
    const answer = await fetcher.fetch('https://www.realitylovers.com/cover', json, never);
    expect(answer.url).toBe('https://cdn.realitylovers.net/cover.json');
    expect(site.requests[0]?.headers.authorization).toBe('Bearer secret');
    expect(site.requests[0]?.headers.cookie).toBe('age=1; site=1');
    const onCdn = cdn.requests[0]?.headers;
    expect(onCdn?.authorization).toBeUndefined();
    expect(onCdn?.['x-owner']).toBe('cdn');
    expect(onCdn?.cookie).toBe('cdn=2');
  });

  it('posts the body the engine gives, and a 303 turns the POST into a GET', async () => {
    const kit = newKit();
    let posted = '';
    site.routes.set('/api/search', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        posted = Buffer.concat(chunks).toString();
        reply(303, '', { location: '/api/results' })(request, response);
      });
    });
    site.routes.set('/api/results', reply(200, '[]', { 'content-type': 'application/json' }));
    const answer = await kit.session().fetch(
      'https://www.realitylovers.com/api/search',
      {
        expect: 'json',
        method: 'POST',
        body: '{"q":"x"}',
        headers: { 'content-type': 'application/json' },
      },
      never,
    );
    expect(answer).toMatchObject({ status: 200, text: '[]', contentType: 'application/json' });
    expect(posted).toBe('{"q":"x"}');
    expect(site.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/search',
      'GET /api/results',
    ]);
  });
});
