import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScrapeHttpDeps } from '../../../src/scrapers/http/scrape-http';
import { ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import { html, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, slowReply, startScrapeSite, type ScrapeSiteServer } from './scrape-site-server';

let site: ScrapeSiteServer;
let kit: ScrapeHttpKit | undefined;
const HOSTS = ['a.wetvr.com', 'b.wetvr.com', 'c.wetvr.com'];

beforeAll(async () => {
  site = await startScrapeSite();
});
afterAll(async () => site.close());
afterEach(async () => {
  site.routes.clear();
  site.requests.length = 0;
  site.maxInFlight = 0;
  await kit?.http.close();
  kit = undefined;
});

function newKit(limits: ScrapeHttpDeps['limits'] = {}): ScrapeHttpKit {
  const made = scrapeHttpKit({
    hostMap: Object.fromEntries(HOSTS.map((host) => [host, site.origin])),
    limits,
  });
  kit = made;
  return made;
}

async function failure(promise: Promise<unknown>): Promise<ScrapeHttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScrapeHttpError);
  return error as ScrapeHttpError;
}

describe('byte and time caps', () => {
  it('refuses an answer over the byte cap, declared or streamed', async () => {
    const fetcher = newKit({ maxBytes: 1000 }).session();
    site.routes.set('/declared', reply(200, 'x'.repeat(2000)));
    site.routes.set('/streamed', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 5; i++) response.write('y'.repeat(400));
      response.end();
    });
    site.routes.set('/fits', reply(200, 'z'.repeat(1000)));
    for (const path of ['/declared', '/streamed']) {
      const error = await failure(fetcher.fetch(`https://a.wetvr.com${path}`, html, never));
      expect(error.message).toBe('a.wetvr.com: the answer is larger than 1000 bytes');
      expect(error.status).toBe(0);
    }
    expect((await fetcher.fetch('https://a.wetvr.com/fits', html, never)).text).toHaveLength(1000);
    expect(fetcher.stats()).toEqual({ pagesFetched: 1, statuses: { '200': 3 } });
  });

  it('reads only the start of a large error answer and still reports its status', async () => {
    const fetcher = newKit({ maxBytes: 1000 }).session();
    site.routes.set('/missing', reply(404, 'n'.repeat(5000)));
    const error = await failure(fetcher.fetch('https://a.wetvr.com/missing', html, never));
    expect(error.status).toBe(404);
  });

  it('gives up on a site that does not answer in time, and on a body that never ends', async () => {
    const fetcher = newKit({ timeoutMs: 300 }).session();
    site.routes.set('/hang', () => undefined);
    site.routes.set('/trickle', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html>');
    });
    for (const path of ['/hang', '/trickle']) {
      const error = await failure(fetcher.fetch(`https://a.wetvr.com${path}`, html, never));
      expect(error.message).toBe('a.wetvr.com took longer than 300 ms');
      expect(error.status).toBe(0);
    }
    expect(fetcher.stats().statuses).toEqual({ network: 1, '200': 1 });
  });

  it('stops at once when the run is cancelled, with the run’s reason', async () => {
    const fetcher = newKit().session();
    site.routes.set('/hang', () => undefined);
    const controller = new AbortController();
    const pending = fetcher.fetch('https://a.wetvr.com/hang', html, controller.signal);
    setTimeout(() => controller.abort(new Error('the scrape was stopped')), 50);
    await expect(pending).rejects.toThrow('the scrape was stopped');
    await expect(fetcher.fetch('https://a.wetvr.com/hang', html, controller.signal)).rejects.toThrow(
      'the scrape was stopped',
    );
    expect(kit?.http.inFlight()).toBe(0);
  });

  it('follows at most the redirect limit', async () => {
    const fetcher = newKit({ maxRedirects: 5 }).session();
    for (let i = 0; i < 7; i++) site.routes.set(`/r${i}`, reply(302, '', { location: `/r${i + 1}` }));
    site.routes.set('/r7', reply(200, 'end'));
    const error = await failure(fetcher.fetch('https://a.wetvr.com/r0', html, never));
    expect(error.message).toBe('more than 5 redirects');
    expect(site.requests).toHaveLength(6);
    site.routes.set('/r2', reply(302, '', { location: '/r7' }));
    expect((await fetcher.fetch('https://a.wetvr.com/r0', html, never)).url).toBe('https://a.wetvr.com/r7');
  });

  it('counts a refused connection as "network"', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const closed = scrapeHttpKit({ hostMap: { 'gone.example.com': `http://127.0.0.1:${port}` } });
    kit = closed;
    const fetcher = closed.session();
    const error = await failure(fetcher.fetch('https://gone.example.com/', html, never));
    expect(error.message).toMatch(/^gone\.example\.com could not be reached \(.*ECONNREFUSED/);
    expect(fetcher.stats()).toEqual({ pagesFetched: 0, statuses: { network: 1 } });
  });
});

describe('concurrency over HTTP', () => {
  it('keeps a host to the definition’s concurrency', async () => {
    const fetcher = newKit().session({ concurrency: 2 });
    for (let i = 0; i < 6; i++) site.routes.set(`/s${i}`, slowReply(40));
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => fetcher.fetch(`https://a.wetvr.com/s${i}`, html, never)));
    expect(site.requests).toHaveLength(6);
    expect(site.maxInFlight).toBe(2);
  });

  it('keeps all hosts and sessions to the global cap', async () => {
    const http = newKit({ globalConcurrency: 3 });
    for (let i = 0; i < 4; i++) site.routes.set(`/s${i}`, slowReply(40));
    const runs = HOSTS.map((host) => ({ host, fetcher: http.session({ concurrency: 4 }) }));
    await Promise.all(
      runs.flatMap(({ host, fetcher }) =>
        [0, 1, 2, 3].map((i) => fetcher.fetch(`https://${host}/s${i}`, html, never)),
      ),
    );
    expect(site.requests).toHaveLength(12);
    expect(site.maxInFlight).toBe(3);
    expect(http.http.inFlight()).toBe(0);
  });
});
