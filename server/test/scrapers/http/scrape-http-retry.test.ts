import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterMs, retryDelayMs } from '../../../src/scrapers/http/retry-policy';
import { ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import { html, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer, type SiteHandler } from './scrape-site-server';

let site: ScrapeSiteServer;
let kit: ScrapeHttpKit | undefined;

beforeAll(async () => {
  site = await startScrapeSite();
});
afterAll(async () => site.close());
afterEach(async () => {
  site.routes.clear();
  site.requests.length = 0;
  await kit?.http.close();
  kit = undefined;
});

function newKit(limits: Parameters<typeof scrapeHttpKit>[0] = {}): ScrapeHttpKit {
  const made = scrapeHttpKit({ hostMap: { 'vrbangers.com': site.origin }, ...limits });
  kit = made;
  return made;
}

/** Answers the given handlers in turn, then the last one for ever. */
function sequence(...handlers: SiteHandler[]): SiteHandler {
  let next = 0;
  return (request, response) => {
    const handler = handlers[Math.min(next++, handlers.length - 1)];
    handler?.(request, response);
  };
}

describe('Retry-After and back-off', () => {
  it('reads delta-seconds and HTTP dates, and caps what it is asked for', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
    const policy = { baseMs: 1000, capMs: 60_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(null, attempt, now, policy))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(retryDelayMs('3600', 0, now, policy)).toBe(60_000);
  });

  it('retries a 429 after the seconds Retry-After gives', async () => {
    const kit = newKit();
    site.routes.set(
      '/videos',
      sequence(reply(429, 'slow down', { 'retry-after': '7' }), reply(200, 'listing')),
    );
    const answer = await kit.session().fetch('https://vrbangers.com/videos', html, never);
    expect(answer.text).toBe('listing');
    expect(answer.url).toBe('https://vrbangers.com/videos');
    expect(kit.clock.sleeps).toEqual([7000]);
    expect(site.requests).toHaveLength(2);
  });

  it('retries a 503 at the HTTP date Retry-After gives', async () => {
    const kit = newKit();
    const at = new Date(kit.clock.now() + 12_000).toUTCString();
    site.routes.set('/api', sequence(reply(503, '', { 'retry-after': at }), reply(200, '{}')));
    await kit.session().fetch('https://vrbangers.com/api', html, never);
    // HTTP dates have whole seconds: the wait is the 12 s less the clock's sub-second part.
    expect(kit.clock.sleeps).toHaveLength(1);
    expect(kit.clock.sleeps[0]).toBeGreaterThan(11_000);
    expect(kit.clock.sleeps[0]).toBeLessThanOrEqual(12_000);
  });

  it('backs off exponentially without Retry-After, capped, and gives up after the last retry', async () => {
    const kit = newKit({ limits: { backoffBaseMs: 1000, backoffCapMs: 5000, maxRetries: 4 } });
    site.routes.set('/busy', reply(429, 'busy'));
    const session = kit.session();
    const failure = await session
      .fetch('https://vrbangers.com/busy', html, never)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScrapeHttpError);
    expect((failure as ScrapeHttpError).status).toBe(429);
    expect((failure as ScrapeHttpError).message).toBe('vrbangers.com answered 429 after 4 retries');
    expect(kit.clock.sleeps).toEqual([1000, 2000, 4000, 5000]);
    expect(site.requests).toHaveLength(5);
    expect(session.stats()).toEqual({ pagesFetched: 0, statuses: { '429': 5 } });
  });

  it('holds back the other requests to the host (any session) while it waits', async () => {
    const kit = newKit();
    let limitedAt = 0;
    let seen!: () => void;
    const limited = new Promise<void>((resolve) => (seen = resolve));
    site.routes.set(
      '/a',
      sequence(
        (request, response) => {
          limitedAt = kit.clock.now();
          reply(429, '', { 'retry-after': '30' })(request, response);
          seen();
        },
        reply(200, 'a'),
      ),
    );
    let bAt = 0;
    site.routes.set('/b', (request, response) => {
      bAt = kit.clock.now();
      reply(200, 'b')(request, response);
    });
    const first = kit.session().fetch('https://vrbangers.com/a', html, never);
    await limited;
    const second = await kit.session().fetch('https://vrbangers.com/b', html, never);
    expect(second.text).toBe('b');
    expect((await first).text).toBe('a');
    expect(bAt - limitedAt).toBeGreaterThanOrEqual(30_000);
  });

  it('does not retry other failures', async () => {
    const kit = newKit();
    site.routes.set('/gone', reply(404, 'missing'));
    const session = kit.session();
    await expect(session.fetch('https://vrbangers.com/gone', html, never)).rejects.toMatchObject({
      name: 'ScrapeHttpError',
      status: 404,
      url: 'https://vrbangers.com/gone',
      message: 'vrbangers.com answered 404',
    });
    expect(site.requests).toHaveLength(1);
    expect(kit.clock.sleeps).toEqual([]);
  });
});
