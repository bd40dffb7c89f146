import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScrapeBlockedError, ScrapeHttpError } from '../../../src/scrapers/http/scrape-fetcher';
import { html, json, never, scrapeHttpKit, type ScrapeHttpKit } from './scrape-http-kit';
import { reply, startScrapeSite, type ScrapeSiteServer } from './scrape-site-server';

let site: ScrapeSiteServer;
let kit: ScrapeHttpKit;

beforeAll(async () => {
  site = await startScrapeSite();
});
afterAll(async () => site.close());
afterEach(async () => {
  site.routes.clear();
  site.requests.length = 0;
  await kit.http.close();
});

function session() {
  kit = scrapeHttpKit({ hostMap: { 'www.czechvr.com': site.origin } });
  return kit.session({}, { siteId: 'czechvr' });
}

const BASE = 'https://www.czechvr.com';

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (error: unknown) => error as Error,
  );
}

/** After a block, the session refuses at once: no request reaches the site. */
async function expectSessionEnded(fetcher: ReturnType<typeof session>, message: string): Promise<void> {
  const seen = site.requests.length;
  site.routes.set('/fine', reply(200, '<title>ok</title>'));
  const later = await failure(fetcher.fetch(`${BASE}/fine`, html, never));
  expect(later).toBeInstanceOf(ScrapeBlockedError);
  expect(later.message).toBe(message);
  expect(site.requests.length).toBe(seen);
}

describe('the circuit breaker', () => {
  it('ends the session on the third 403 in a row, not before', async () => {
    const fetcher = session();
    site.routes.set('/p1', reply(403, 'no'));
    site.routes.set('/p2', reply(403, 'no'));
    site.routes.set('/p3', reply(403, 'no'));
    const first = await failure(fetcher.fetch(`${BASE}/p1`, html, never));
    expect(first).toBeInstanceOf(ScrapeHttpError);
    expect(first).not.toBeInstanceOf(ScrapeBlockedError);
    await expect(fetcher.fetch(`${BASE}/p2`, html, never)).rejects.toBeInstanceOf(ScrapeHttpError);
    const third = await failure(fetcher.fetch(`${BASE}/p3`, html, never));
    expect(third).toBeInstanceOf(ScrapeBlockedError);
    expect(third.message).toBe(
      'czechvr: www.czechvr.com blocked the scraper: 3 answers 403 Forbidden in a row',
    );
    expect((third as ScrapeBlockedError).url).toBe(`${BASE}/p3`);
    await expectSessionEnded(fetcher, third.message);
  });

  it('counts only consecutive 403s: another answer in between resets the count', async () => {
    const fetcher = session();
    site.routes.set('/no', reply(403, 'no'));
    site.routes.set('/missing', reply(404, 'gone'));
    site.routes.set('/ok', reply(200, '<title>scene</title>'));
    for (const path of ['/no', '/no', '/ok', '/no', '/no', '/missing', '/no', '/no']) {
      const outcome = await fetcher.fetch(`${BASE}${path}`, html, never).catch((error: unknown) => error);
      expect(outcome).not.toBeInstanceOf(ScrapeBlockedError);
    }
    expect(fetcher.stats().statuses).toEqual({ '403': 6, '404': 1, '200': 1 });
  });

  it('ends the session on a Cloudflare challenge header, whatever the status', async () => {
    const fetcher = session();
    site.routes.set('/videos', reply(403, '<html>...</html>', { 'cf-mitigated': 'challenge' }));
    const error = await failure(fetcher.fetch(`${BASE}/videos`, html, never));
    expect(error).toBeInstanceOf(ScrapeBlockedError);
    expect(error.message).toBe(
      'czechvr: www.czechvr.com blocked the scraper: a Cloudflare challenge (cf-mitigated: challenge)',
    );
    await expectSessionEnded(fetcher, error.message);
  });

  it('ends the session on a challenge page, even one answered 503 (never retried)', async () => {
    const fetcher = session();
    const page =
      '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>' +
      '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';
    site.routes.set('/videos', reply(503, page));
    const error = await failure(fetcher.fetch(`${BASE}/videos`, html, never));
    expect(error.message).toBe(
      'czechvr: www.czechvr.com blocked the scraper: a Cloudflare challenge page ("Just a moment...")',
    );
    expect(site.requests).toHaveLength(1);
    expect(kit.clock.sleeps).toEqual([]);
  });

  it('ends the session on a 2xx page carrying the cf-chl challenge code', async () => {
    const fetcher = session();
    site.routes.set('/videos', reply(200, '<html><script>window._cf_chl_opt={cvId:"3"}</script></html>'));
    const error = await failure(fetcher.fetch(`${BASE}/videos`, html, never));
    expect(error.message).toMatch(/a Cloudflare challenge page \(cf-chl\)$/);
  });

  it('does not block an ordinary page that loads Cloudflare scripts or has a comment form captcha', async () => {
    const fetcher = session();
    const filler = '<p>scene description</p>'.repeat(2000);
    const page =
      '<html><head><title>Scene 1</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>' +
      `</head><body>${filler}<form><div class="g-recaptcha" data-sitekey="x"></div></form></body></html>`;
    site.routes.set('/scene/1', reply(200, page));
    const answer = await fetcher.fetch(`${BASE}/scene/1`, html, never);
    expect(answer.status).toBe(200);
    // JSON is never read for page markers.
    site.routes.set('/api', reply(200, '{"note":"hcaptcha cf-chl"}', { 'content-type': 'application/json' }));
    await expect(fetcher.fetch(`${BASE}/api`, json, never)).resolves.toMatchObject({ status: 200 });
  });

  it('ends the session on a captcha page (widget on a small page, or "captcha" in the title)', async () => {
    const widget = session();
    site.routes.set(
      '/videos',
      reply(200, '<html><body><div class="h-captcha" data-sitekey="k"></div></body></html>'),
    );
    const first = await failure(widget.fetch(`${BASE}/videos`, html, never));
    expect(first.message).toBe('czechvr: www.czechvr.com blocked the scraper: a captcha page (h-captcha)');
    await kit.http.close();

    const titled = session();
    site.routes.set('/list', reply(200, '<html><head><title>Security CAPTCHA check</title></head></html>'));
    const second = await failure(titled.fetch(`${BASE}/list`, html, never));
    expect(second.message).toBe(
      'czechvr: www.czechvr.com blocked the scraper: a captcha page (title "Security CAPTCHA check")',
    );
    await kit.http.close();

    const refused = session();
    site.routes.set(
      '/p',
      reply(
        403,
        '<script src="https://www.google.com/recaptcha/api.js"></script><div class="g-recaptcha"></div>',
      ),
    );
    const third = await failure(refused.fetch(`${BASE}/p`, html, never));
    expect(third.message).toMatch(/a captcha page \(g-recaptcha\)$/);
  });

  it('ends the session on a redirect to a join page, without following it', async () => {
    const fetcher = session();
    site.routes.set('/scene/9', reply(302, '', { location: '/tour/join?from=scene' }));
    const error = await failure(fetcher.fetch(`${BASE}/scene/9`, html, never));
    expect(error).toBeInstanceOf(ScrapeBlockedError);
    expect(error.message).toBe(
      'czechvr: www.czechvr.com blocked the scraper: redirected to a join page (/tour/join)',
    );
    expect((error as ScrapeBlockedError).url).toBe(`${BASE}/tour/join?from=scene`);
    expect(site.requests.map((request) => request.path)).toEqual(['/scene/9']);
    await expectSessionEnded(fetcher, error.message);
  });

  it('follows ordinary redirects and answers the final URL as the site knows it', async () => {
    const fetcher = session();
    site.routes.set('/old', reply(301, '', { location: `${site.origin}/middle` }));
    site.routes.set('/middle', reply(302, '', { location: '/videos/join-the-fun-1' }));
    site.routes.set('/videos/join-the-fun-1', reply(200, '<title>Join the fun</title>'));
    const answer = await fetcher.fetch(`${BASE}/old`, html, never);
    expect(answer.url).toBe(`${BASE}/videos/join-the-fun-1`);
    expect(fetcher.stats()).toEqual({ pagesFetched: 1, statuses: { '301': 1, '302': 1, '200': 1 } });
  });

  it('a blocked session leaves other sessions on the same host alone', async () => {
    const blocked = session();
    site.routes.set('/join-me', reply(302, '', { location: '/join' }));
    await expect(blocked.fetch(`${BASE}/join-me`, html, never)).rejects.toBeInstanceOf(ScrapeBlockedError);
    const other = kit.session({}, { siteId: 'czechvr' });
    site.routes.set('/fine', reply(200, 'fine'));
    await expect(other.fetch(`${BASE}/fine`, html, never)).resolves.toMatchObject({ text: 'fine' });
  });
});
