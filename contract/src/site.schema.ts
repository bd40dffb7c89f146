import { z } from 'zod';
import { Timestamp } from './common.schema';
import { DateTimeInput, MAX_URL_LENGTH, ShortText } from './fields.schema';

/** A studio/site with its scraper (`models.Site`). A non-empty master_site_id marks an alternate source. */
export const Site = z.object({
  id: z.string().describe('scraper id, e.g. "wankzvr", "slr-single_scene"'),
  name: z.string().describe('e.g. "WankzVR", "AstroDomina (SLR)"'),
  avatar_url: z.string(),
  is_builtin: z.boolean(),
  is_enabled: z.boolean(),
  last_update: Timestamp.describe('0001-01-01T00:00:00Z = never scraped'),
  subscribed: z.boolean(),
  has_scraper: z.boolean(),
  limit_scraping: z.boolean(),
  master_site_id: z.string().describe('"" for main sites'),
  matching_params: z.string().describe('JSON text of SiteMatchParams'),
  scrape_stash: z.boolean(),
  scene_count: z.number().int().nonnegative(),
});
export type Site = z.infer<typeof Site>;

/** GET /api/options/sites, and the answer of the four site toggles: every site, by name (case-insensitive). */
export const SiteList = z.array(Site);
export type SiteList = z.infer<typeof SiteList>;

/** The flags PUT /api/options/sites/{flag}/{id} flips; `is_enabled` is PUT /api/options/sites/{id}. */
export const SiteToggleFlag = z.enum(['is_enabled', 'subscribed', 'limit_scraping', 'scrape_stash']);
export type SiteToggleFlag = z.infer<typeof SiteToggleFlag>;

/** Body of the site toggles: `{}`. */
export const EmptyBody = z
  .object({})
  .loose()
  .refine((body) => Object.keys(body).length <= 100, { message: 'at most 100 keys' })
  .meta({ maxProperties: 100 });
export type EmptyBody = z.infer<typeof EmptyBody>;

/** POST /api/options/scraper/force-site-update and /delete-scenes. Answer: empty. */
export const ScraperIdBody = z.object({ scraper_id: ShortText.min(1) });
export type ScraperIdBody = z.infer<typeof ScraperIdBody>;

/** How a criterion counts when linking alternate-source scenes. */
export const MatchType = z.enum(['should', 'must', 'do not']);
export type MatchType = z.infer<typeof MatchType>;

/** Default per-site match parameters (xbvr-facts §7.5). */
export const DEFAULT_MATCH_PARAMS = {
  ignore_released_before: null,
  delay_linking: 0,
  reprocess_links: 0,
  released_match_type: 'should',
  released_prior: 14,
  released_after: 7,
  boost_released: 2,
  boost_title: 4,
  boost_title_any_words: 1.5,
  duration_match_type: 'should',
  duration_min: 3,
  duration_range_less: 0,
  duration_range_more: 0,
  cast_match_type: 'should',
  boost_cast: 2,
  desc_match_type: 'should',
  boost_description: 0.25,
} as const;

const days = z.number().int().nonnegative().max(36_500).describe('days');
const boost = z.number().nonnegative().max(100).multipleOf(0.05);
const minutes = z.number().int().nonnegative().max(10_000).describe('minutes');

/**
 * Match parameters of an alternate-source site (`AltSrcMatchParams`, stored as JSON in `sites.matching_params`).
 * Absent keys take the defaults, so old JSON still parses. GET /api/options/site/match_params/{siteId} answers
 * it with the defaults filled.
 */
export const SiteMatchParams = z.object({
  ignore_released_before: z
    .union([DateTimeInput, z.null()])
    .default(DEFAULT_MATCH_PARAMS.ignore_released_before)
    .describe('alternate scenes released before are ignored; null = use the global option'),
  delay_linking: days.default(DEFAULT_MATCH_PARAMS.delay_linking),
  reprocess_links: days.default(DEFAULT_MATCH_PARAMS.reprocess_links),
  released_match_type: MatchType.default(DEFAULT_MATCH_PARAMS.released_match_type),
  released_prior: days.default(DEFAULT_MATCH_PARAMS.released_prior),
  released_after: days.default(DEFAULT_MATCH_PARAMS.released_after),
  boost_released: boost.default(DEFAULT_MATCH_PARAMS.boost_released),
  boost_title: boost.default(DEFAULT_MATCH_PARAMS.boost_title),
  boost_title_any_words: boost.default(DEFAULT_MATCH_PARAMS.boost_title_any_words),
  duration_match_type: MatchType.default(DEFAULT_MATCH_PARAMS.duration_match_type),
  duration_min: minutes.default(DEFAULT_MATCH_PARAMS.duration_min),
  duration_range_less: minutes.default(DEFAULT_MATCH_PARAMS.duration_range_less),
  duration_range_more: minutes.default(DEFAULT_MATCH_PARAMS.duration_range_more),
  cast_match_type: MatchType.default(DEFAULT_MATCH_PARAMS.cast_match_type),
  boost_cast: boost.default(DEFAULT_MATCH_PARAMS.boost_cast),
  desc_match_type: MatchType.default(DEFAULT_MATCH_PARAMS.desc_match_type),
  boost_description: boost.default(DEFAULT_MATCH_PARAMS.boost_description),
});
export type SiteMatchParams = z.infer<typeof SiteMatchParams>;

/** POST /api/options/site/save_match_params. Answer: empty. */
export const SaveMatchParamsBody = z.object({ site: ShortText.min(1), match_params: SiteMatchParams });
export type SaveMatchParamsBody = z.infer<typeof SaveMatchParamsBody>;

/** The aggregator domains a custom site may be on, with the custom list each goes to (xbvr-wire §10). */
export const CUSTOM_SITE_DOMAINS = {
  'povr.com': 'povr',
  'sexlikereal.com': 'slr',
  'stashdb.org': 'stashdb',
  'vrphub.com': 'vrphub',
  'vrporn.com': 'vrporn',
  'realvr.com': 'realvr',
} as const;
export type CustomSiteList = (typeof CUSTOM_SITE_DOMAINS)[keyof typeof CUSTOM_SITE_DOMAINS];

/**
 * The custom list a studio URL belongs to, or null when its host is not one of the allowed aggregator domains
 * (with or without `www.`). The scheme may be left out; only http and https are accepted.
 */
export function customSiteList(url: string): CustomSiteList | null {
  const host = /^(?:https?:\/\/)?(?:www\.)?([^/?#:@\s]+)(?::\d{1,5})?(?:[/?#]|$)/i.exec(url.trim())?.[1];
  const domain = host?.toLowerCase();
  if (domain === undefined || !Object.hasOwn(CUSTOM_SITE_DOMAINS, domain)) return null;
  return CUSTOM_SITE_DOMAINS[domain as keyof typeof CUSTOM_SITE_DOMAINS];
}

/** Length bounds of the custom site form. */
export const CUSTOM_SITE_URL_MAX = 500;
export const CUSTOM_SITE_NAME_MAX = 200;

/**
 * PUT /api/options/custom-sites/create. The URL must be a studio page on one of the allowed aggregators; the
 * company defaults to the name when blank. The site id is derived from the URL, so saving a URL again edits
 * that site. The site is scrapable at once (no restart). Answer: the stored CustomSite (the reference: empty).
 */
export const CustomSiteBody = z.object({
  scraperUrl: z
    .string()
    .trim()
    .max(CUSTOM_SITE_URL_MAX)
    .refine((url) => customSiteList(url) !== null, {
      message: 'a studio URL on povr.com, sexlikereal.com, vrphub.com, vrporn.com, stashdb.org or realvr.com',
    }),
  scraperName: z.string().trim().min(1).max(CUSTOM_SITE_NAME_MAX),
  scraperCompany: z.string().trim().max(CUSTOM_SITE_NAME_MAX).default(''),
  scraperAvatar: z.string().trim().max(MAX_URL_LENGTH).default(''),
  masterSiteId: z
    .string()
    .trim()
    .max(64)
    .default('')
    .describe('"" for a main site; else an alternate source of it'),
});
export type CustomSiteBody = z.infer<typeof CustomSiteBody>;
