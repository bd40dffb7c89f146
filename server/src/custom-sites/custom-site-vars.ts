import type { CustomSiteList } from '@fovea/contract';

/**
 * The template variables of a custom site, taken from its studio URL as the aggregator definitions name them
 * for their built-in studios (server/src/scrapers/builtin/<list>.yaml), so an owner's studio is scraped like
 * a built-in one:
 *
 * | variable | value |
 * |---|---|
 * | `studio_slug` | the last segment of the URL, e.g. `vrhush-104` of https://www.sexlikereal.com/studios/vrhush-104 |
 * | `code` | SLR only: the studio's number, the trailing `-<digits>` of that segment (`104`); '' when absent |
 */
export function customSiteVars(list: CustomSiteList, url: string): Record<string, string> {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return {};
  }
  const last =
    pathname
      .split('/')
      .filter((segment) => segment !== '')
      .at(-1) ?? '';
  let slug = last;
  try {
    slug = decodeURIComponent(last);
  } catch {
    // kept as written
  }
  const vars: Record<string, string> = { studio_slug: slug };
  if (list === 'slr') vars.code = slrStudioCode(slug);
  return vars;
}

/** The SLR studio number at the end of a studio URL's last segment (scraper-sites §3.1), or ''. */
export function slrStudioCode(slug: string): string {
  return /-(\d+)$/.exec(slug)?.[1] ?? '';
}

/**
 * Per-site request headers of a custom site: an SLR studio URL with `/trans` or `/gay` in its path is one of
 * SLR's trans (project 3) or gay (project 4) studios, and the SLR API lists its scenes only under that
 * project (scraper-sites §3.1); the definition's own `project: 1` is for every other studio.
 */
export function customSiteHttp(
  list: CustomSiteList,
  url: string,
): { http?: { headers: Record<string, string>; cookies: Record<string, string> } } {
  if (list !== 'slr') return {};
  let pathname: string;
  try {
    pathname = new URL(url).pathname.toLowerCase();
  } catch {
    return {};
  }
  const project = /\/trans(\/|$)/.test(pathname) ? '3' : /\/gay(\/|$)/.test(pathname) ? '4' : null;
  return project === null ? {} : { http: { headers: { project }, cookies: {} } };
}
