import { customSiteList, type CustomSiteList } from '@fovea/contract';
import { slrStudioCode } from './custom-site-vars';

/**
 * What a custom site's studio URL says (scraper-sites §1.2, §3.7): its aggregator list, its site id
 * (`<last URL segment>-<list>`, lower case) and the template variables its aggregator definition reads.
 */

export interface CustomSiteUrl {
  list: CustomSiteList;
  /** https://…, without a trailing slash. */
  url: string;
  id: string;
}

export type CustomSiteUrlResult = { ok: true; value: CustomSiteUrl } | { ok: false; message: string };

const SITE_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function lastSegment(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The id part of the last URL segment. RealVR keeps the reference's quirk (scraper-sites §1.2): the text before
 * the first `-`, less one more character (`passthroughvr-33` gives `passthroughv`), so ids match the reference's.
 */
function idSegment(list: CustomSiteList, segment: string): string {
  if (list !== 'realvr') return segment;
  const dash = segment.indexOf('-');
  return dash === -1 ? segment : segment.slice(0, Math.max(0, dash - 1));
}

/** Checks and normalises a studio URL; the message says what is wrong. */
export function parseCustomSiteUrl(raw: string): CustomSiteUrlResult {
  const text = raw.trim();
  const list = customSiteList(text);
  if (list === null) {
    return {
      ok: false,
      message:
        'The URL must be a studio page on povr.com, sexlikereal.com, vrphub.com, vrporn.com, stashdb.org or realvr.com',
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: 'The URL is not valid' };
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.port !== '') {
    return { ok: false, message: 'The URL must not carry a user name, password or port' };
  }
  // The reference refuses SLR studio URLs with a query string (issue #1986); a fragment means nothing here.
  if (list === 'slr' && parsed.search !== '') {
    return { ok: false, message: 'A SexLikeReal studio URL must not carry a query string' };
  }
  // A studio is its path: the definitions add their own query (sort order, page).
  parsed.hash = '';
  parsed.search = '';
  parsed.protocol = 'https:';
  const last = lastSegment(parsed.pathname);
  // The SLR API lists a studio by its number only (scraper-sites §3.1): a URL without it cannot be scraped.
  if (list === 'slr' && last !== '' && slrStudioCode(last) === '') {
    return {
      ok: false,
      message:
        'A SexLikeReal studio URL must end in the studio’s number, as in https://www.sexlikereal.com/studios/vrhush-104',
    };
  }
  const segment = idSegment(list, last.toLowerCase());
  const id = `${segment}-${list}`;
  if (segment === '' || !SITE_ID.test(id)) {
    return {
      ok: false,
      message:
        'The last part of the URL must be the studio’s name in letters, digits, - and _ (at most 64 with the list)',
    };
  }
  const url = parsed.toString().replace(/\/+$/, '');
  return { ok: true, value: { list, url, id } };
}
