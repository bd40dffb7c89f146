import { createServer, type Server } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import { html, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from './scrape-site-server';
import { startTestProxy, type TestProxy } from './test-proxy';

let site: ScrapeSiteServer;
let proxy: TestProxy;
/** A bare TCP server standing in for port 443: it records that a tunnel reached it and hangs up. */
let tlsStandIn: Server;
let tunnelsReached = 0;
let kit: ScrapeHttpKit;
const lookups: string[] = [];

beforeAll(async () => {
  site = await startScrapeSite();
  tlsStandIn = createServer((socket: Socket) => {
    tunnelsReached++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => tlsStandIn.listen(0, '127.0.0.1', resolve));
  proxy = await startTestProxy({
    'vrbangers.com:80': Number(new URL(site.origin).port),
    'vrbangers.com:443': (tlsStandIn.address() as AddressInfo).port,
  });
  // No host map: the only way these names reach the local site is through the proxy.
  kit = scrapeHttpKit({
    lookup: (host) => {
      lookups.push(host);
      return Promise.reject(new Error('no DNS look-up is made when a proxy is used'));
    },
  });
  kit.settings.proxy = proxy.url;
});
afterAll(async () => {
  await kit.http.close();
  await proxy.close();
  await site.close();
  await new Promise((resolve) => tlsStandIn.close(resolve));
});

describe('the scraper proxy (advanced.scraperProxy)', () => {
  it('sends http:// requests through the proxy as absolute-URI requests, with every header', async () => {
    site.routes.set('/videos?page=1', reply(200, '<title>VRBangers videos</title>'));
    kit.configs.set('vrbangers-scraper', {
      headers: [],
      cookies: [{ name: 'age', value: '18', domain: '', path: '', host: '' }],
      body: '',
      other: [],
    });
    const fetcher = kit.session({ headers: { 'X-Def': '1' } });
    const answer = await fetcher.fetch('http://vrbangers.com/videos?page=1', html, never);
    expect(answer).toMatchObject({
      url: 'http://vrbangers.com/videos?page=1',
      status: 200,
      text: '<title>VRBangers videos</title>',
    });
    expect(proxy.forwarded).toEqual([{ method: 'GET', target: 'http://vrbangers.com/videos?page=1' }]);
    const seen = site.requests[0];
    expect(seen?.path).toBe('/videos?page=1');
    expect(seen?.headers.host).toBe('vrbangers.com');
    expect(seen?.headers.cookie).toBe('age=18');
    expect(seen?.headers['x-def']).toBe('1');
    expect(lookups).toEqual([]);
    expect(fetcher.stats()).toEqual({ pagesFetched: 1, statuses: { '200': 1 } });
  });

  it('opens a CONNECT tunnel for https:// and still checks the certificate', async () => {
    const fetcher = kit.session();
    const error = await fetcher.fetch('https://vrbangers.com/videos', html, never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScrapeHttpError);
    expect((error as ScrapeHttpError).message).toMatch(/^vrbangers\.com could not be reached/);
    expect(proxy.forwarded.at(-1)).toEqual({ method: 'CONNECT', target: 'vrbangers.com:443' });
    expect(tunnelsReached).toBe(1);
    expect(fetcher.stats().statuses).toEqual({ network: 1 });
  });

  it('still refuses private IP literals and localhost through the proxy', async () => {
    const before = proxy.forwarded.length;
    const fetcher = kit.session();
    await expect(fetcher.fetch('http://10.0.0.8/admin', html, never)).rejects.toThrow(
      'refused: 10.0.0.8 is a private or loopback address',
    );
    await expect(fetcher.fetch('http://localhost/admin', html, never)).rejects.toThrow(
      'refused: localhost is a local address',
    );
    expect(proxy.forwarded.length).toBe(before);
  });

  it('says so when the proxy setting is not an http(s) URL, and follows a changed setting', async () => {
    const fetcher = kit.session();
    kit.settings.proxy = 'socks://127.0.0.1:1080';
    await expect(fetcher.fetch('http://vrbangers.com/videos?page=1', html, never)).rejects.toThrow(
      'the scraper proxy "socks://127.0.0.1:1080" is not an http:// or https:// URL',
    );
    kit.settings.proxy = proxy.url;
    const before = proxy.forwarded.length;
    await fetcher.fetch('http://vrbangers.com/videos?page=1', html, never);
    expect(proxy.forwarded.length).toBe(before + 1);
  });
});
