/**
 * Signs that a site is refusing a scraper rather than answering it: a Cloudflare challenge, a captcha page or
 * a redirect to a join/signup page. Each detector answers a reason for the run's error, or null.
 */

const JOIN_PATH = /(?:^|\/)(?:join|signup|sign-up|register)(?:\/|\.[a-z]+$|$)/i;

/** A redirect whose target path is a join/signup/register page (`/join`, `/tour/join`, `/en/signup.php`). */
export function joinRedirectReason(target: URL): string | null {
  return JOIN_PATH.test(target.pathname) ? `redirected to a join page (${target.pathname})` : null;
}

/** Cloudflare says so in a header on the challenge answer itself. */
export function challengeHeaderReason(headers: { get(name: string): string | null }): string | null {
  const mitigated = headers.get('cf-mitigated')?.trim().toLowerCase();
  return mitigated === 'challenge' ? 'a Cloudflare challenge (cf-mitigated: challenge)' : null;
}

function titleOf(html: string): string {
  const match = /<title[^>]*>([\s\S]{0,500}?)<\/title>/i.exec(html);
  return (match?.[1] ?? '').replace(/\s+/g, ' ').trim();
}

/** A page this small with a captcha widget is the captcha itself, not a scene page with a comment form. */
const SMALL_PAGE = 20_000;

/**
 * Challenge and captcha markers in a body. On an error answer (403, 429, 503...) any marker counts. On a 2xx
 * answer only the unambiguous ones: the challenge title or Cloudflare's `cf-chl` code, "captcha" in the title,
 * or a captcha widget on a small page. (Cloudflare puts `/cdn-cgi/challenge-platform/` scripts into ordinary
 * pages too, so that marker alone never blocks a 2xx answer.)
 */
export function bodyBlockReason(text: string, ok: boolean): string | null {
  const title = titleOf(text);
  if (/just a moment/i.test(title)) return 'a Cloudflare challenge page ("Just a moment...")';
  if (/cf[-_]chl/i.test(text)) return 'a Cloudflare challenge page (cf-chl)';
  if (!ok && /challenge-platform/i.test(text)) return 'a Cloudflare challenge page (challenge-platform)';
  if (/captcha/i.test(title)) return `a captcha page (title "${title.slice(0, 80)}")`;
  if (!ok || text.length < SMALL_PAGE) {
    const widget = /g-recaptcha|h-captcha|hcaptcha/i.exec(text);
    if (widget) return `a captcha page (${widget[0].toLowerCase()})`;
  }
  return null;
}
