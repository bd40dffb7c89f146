import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../src/scrapers/http/private-target';
import { ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import { html, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from './scrape-site-server';

let site: ScrapeSiteServer;
let port: string;
let kit: ScrapeHttpKit | undefined;
const lookups: string[] = [];
const dns: Record<string, string[]> = {
  'intranet.example.com': ['93.184.215.14', '10.0.0.5'],
  'nas.example.com': ['fd12:3456::1'],
};

beforeAll(async () => {
  site = await startScrapeSite();
  port = new URL(site.origin).port;
});
afterAll(async () => site.close());
afterEach(async () => {
  site.routes.clear();
  site.requests.length = 0;
  lookups.length = 0;
  await kit?.http.close();
  kit = undefined;
});

function newKit(): ScrapeHttpKit {
  const made = scrapeHttpKit({
    hostMap: { 'www.badoinkvr.com': site.origin },
    lookup: (host) => {
      lookups.push(host);
      const found = dns[host];
      return found ? Promise.resolve(found) : Promise.reject(new Error(`unexpected look-up of ${host}`));
    },
  });
  kit = made;
  return made;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScrapeHttpError);
  expect((error as ScrapeHttpError).status).toBe(0);
  return (error as ScrapeHttpError).message;
}

describe('private targets', () => {
  it('knows the loopback, private, link-local and unique-local ranges', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fd00::1',
      'fc00::5',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '::ffff:808:808',
      'example.com',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback and private targets before connecting', async () => {
    const fetcher = newKit().session();
    expect(await refusal(fetcher.fetch(`http://127.0.0.1:${port}/`, html, never))).toBe(
      'refused: 127.0.0.1 is a private or loopback address',
    );
    expect(await refusal(fetcher.fetch(`http://localhost:${port}/`, html, never))).toBe(
      'refused: localhost is a local address',
    );
    expect(await refusal(fetcher.fetch(`http://admin.localhost:${port}/`, html, never))).toBe(
      'refused: admin.localhost is a local address',
    );
    expect(await refusal(fetcher.fetch(`http://[::1]:${port}/`, html, never))).toBe(
      'refused: [::1] is a private or loopback address',
    );
    // WHATWG URL parsing turns odd IPv4 spellings into the dotted form first.
    expect(await refusal(fetcher.fetch(`http://2130706433:${port}/`, html, never))).toBe(
      'refused: 127.0.0.1 is a private or loopback address',
    );
    expect(await refusal(fetcher.fetch('http://169.254.169.254/latest/meta-data', html, never))).toBe(
      'refused: 169.254.169.254 is a private or loopback address',
    );
    expect(site.requests).toEqual([]);
    expect(fetcher.stats()).toEqual({ pagesFetched: 0, statuses: {} });
  });

  it('refuses names that resolve to a private address', async () => {
    const fetcher = newKit().session();
    expect(await refusal(fetcher.fetch('https://intranet.example.com/', html, never))).toBe(
      'refused: intranet.example.com resolves to the private or loopback address 10.0.0.5',
    );
    expect(await refusal(fetcher.fetch('https://nas.example.com/share', html, never))).toBe(
      'refused: nas.example.com resolves to the private or loopback address fd12:3456::1',
    );
    expect(lookups).toEqual(['intranet.example.com', 'nas.example.com']);
  });

  it('refuses URLs that are not http(s), even for the owner’s definitions', async () => {
    const fetcher = newKit().session({}, { allowPrivate: true });
    expect(await refusal(fetcher.fetch('file:///etc/passwd', html, never))).toBe(
      'refused: not an http(s) URL (file:)',
    );
    expect(await refusal(fetcher.fetch('ftp://www.badoinkvr.com/', html, never))).toBe(
      'refused: not an http(s) URL (ftp:)',
    );
    expect(await refusal(fetcher.fetch('not a url', html, never))).toBe('not a valid URL: not a url');
  });

  it('lets the owner’s own definitions reach private addresses', async () => {
    site.routes.set('/mine', reply(200, 'my own site'));
    const fetcher = newKit().session({}, { allowPrivate: true });
    const answer = await fetcher.fetch(`http://127.0.0.1:${port}/mine`, html, never);
    expect(answer.text).toBe('my own site');
  });

  it('lets mapped hosts through without a look-up, but refuses a redirect from them to a private address', async () => {
    site.routes.set('/vrpornvideos', reply(200, 'listing'));
    site.routes.set('/out', reply(302, '', { location: 'http://192.168.1.1/admin' }));
    const fetcher = newKit().session();
    expect((await fetcher.fetch('https://www.badoinkvr.com/vrpornvideos', html, never)).text).toBe('listing');
    expect(await refusal(fetcher.fetch('https://www.badoinkvr.com/out', html, never))).toBe(
      'refused: 192.168.1.1 is a private or loopback address',
    );
    expect(lookups).toEqual([]);
  });
});
