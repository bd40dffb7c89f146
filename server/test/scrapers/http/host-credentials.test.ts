import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import { stashdbCredentials } from '../../../src/scrapers/http/host-credentials';
import { json, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from './scrape-site-server';

/*
 * Host credentials: the HTTP layer adds the owner's StashDB key to requests to stashdb.org and nowhere else,
 * not even where a StashDB answer redirects; without a key the request is refused before it leaves.
 */

let stash: ScrapeSiteServer;
let other: ScrapeSiteServer;
let kit: ScrapeHttpKit | undefined;
let key: string | null = 'stash-key-1';

beforeAll(async () => {
  stash = await startScrapeSite();
  other = await startScrapeSite();
});
afterAll(async () => {
  await stash.close();
  await other.close();
});
afterEach(async () => {
  for (const server of [stash, other]) {
    server.routes.clear();
    server.requests.length = 0;
  }
  await kit?.http.close();
  kit = undefined;
  key = 'stash-key-1';
});

function newKit(): ScrapeHttpKit {
  kit = scrapeHttpKit({
    hostMap: { 'stashdb.org': stash.origin, 'cdn.example.org': other.origin },
    credentials: stashdbCredentials(() => key),
  });
  return kit;
}

describe('host credentials', () => {
  it('sends the StashDB key as ApiKey to stashdb.org only', async () => {
    const fetcher = newKit().session();
    stash.routes.set('/graphql', reply(200, '{}', { 'content-type': 'application/json' }));
    other.routes.set('/x.json', reply(200, '{}', { 'content-type': 'application/json' }));
    await fetcher.fetch('https://stashdb.org/graphql', { ...json, method: 'POST', body: '{}' }, never);
    await fetcher.fetch('https://cdn.example.org/x.json', json, never);
    expect(stash.requests[0]?.headers.apikey).toBe('stash-key-1');
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers.apikey).toBeUndefined();
  });

  it('does not send the key over plain HTTP, even to stashdb.org', async () => {
    const fetcher = newKit().session();
    stash.routes.set('/graphql', reply(200, '{}', { 'content-type': 'application/json' }));
    await fetcher.fetch('http://stashdb.org/graphql', { ...json, method: 'POST', body: '{}' }, never);
    expect(stash.requests).toHaveLength(1);
    expect(stash.requests[0]?.headers.apikey).toBeUndefined();
  });

  it('does not carry the key along a redirect to another host', async () => {
    const fetcher = newKit().session();
    stash.routes.set('/moved', reply(302, '', { location: 'https://cdn.example.org/x.json' }));
    other.routes.set('/x.json', reply(200, '{}', { 'content-type': 'application/json' }));
    await fetcher.fetch('https://stashdb.org/moved', json, never);
    expect(stash.requests[0]?.headers.apikey).toBe('stash-key-1');
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers.apikey).toBeUndefined();
  });

  it('a definition header cannot replace the key', async () => {
    const fetcher = newKit().session({ headers: { ApiKey: 'from-a-definition' } });
    stash.routes.set('/graphql', reply(200, '{}', { 'content-type': 'application/json' }));
    await fetcher.fetch('https://stashdb.org/graphql', json, never);
    expect(stash.requests[0]?.headers.apikey).toBe('stash-key-1');
  });

  it('without a key, refuses the request to stashdb.org before it leaves, and says why', async () => {
    key = null;
    const fetcher = newKit().session();
    stash.routes.set('/graphql', reply(200, '{}'));
    const failure = fetcher.fetch('https://stashdb.org/graphql', json, never);
    await expect(failure).rejects.toBeInstanceOf(ScrapeHttpError);
    await expect(failure).rejects.toThrow(/No StashDB API key/);
    expect(stash.requests).toHaveLength(0);
  });
});
