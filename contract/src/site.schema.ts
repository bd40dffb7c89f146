import { z } from 'zod';
import { Timestamp } from './common.schema';
import { DateTimeInput, ShortText } from './fields.schema';

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

const days = z.number().int().nonnegative().describe('days');
const boost = z.number().nonnegative().multipleOf(0.05);

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
  duration_min: z.number().int().nonnegative().default(DEFAULT_MATCH_PARAMS.duration_min).describe('minutes'),
  duration_range_less: z.number().int().nonnegative().default(0).describe('minutes'),
  duration_range_more: z.number().int().nonnegative().default(0).describe('minutes'),
  cast_match_type: MatchType.default(DEFAULT_MATCH_PARAMS.cast_match_type),
  boost_cast: boost.default(DEFAULT_MATCH_PARAMS.boost_cast),
  desc_match_type: MatchType.default(DEFAULT_MATCH_PARAMS.desc_match_type),
  boost_description: boost.default(DEFAULT_MATCH_PARAMS.boost_description),
});
export type SiteMatchParams = z.infer<typeof SiteMatchParams>;

/** POST /api/options/site/save_match_params. Answer: empty. */
export const SaveMatchParamsBody = z.object({ site: z.string().min(1), match_params: SiteMatchParams });
export type SaveMatchParamsBody = z.infer<typeof SaveMatchParamsBody>;

/** Aggregator host labels a custom site may be on, with the custom list each goes to (xbvr-facts §7.4). */
export const CUSTOM_SITE_HOSTS = {
  povr: 'povr',
  sexlikereal: 'slr',
  stashdb: 'stashdb',
  vrphub: 'vrphub',
  vrporn: 'vrporn',
  realvr: 'realvr',
} as const;
export type CustomSiteList = (typeof CUSTOM_SITE_HOSTS)[keyof typeof CUSTOM_SITE_HOSTS];

/** The custom list a studio URL belongs to, or null when its host is not an allowed aggregator. */
export function customSiteList(url: string): CustomSiteList | null {
  const label = /^(https?:\/\/)?(www\.)?([^./]+)\./.exec(url.trim())?.[3];
  if (label === undefined || !Object.hasOwn(CUSTOM_SITE_HOSTS, label)) return null;
  return CUSTOM_SITE_HOSTS[label as keyof typeof CUSTOM_SITE_HOSTS];
}

/**
 * PUT /api/options/custom-sites/create. The URL must be a studio page on one of the allowed aggregators; the
 * company defaults to the name when blank. A restart registers the new scraper. Answer: empty.
 */
export const CustomSiteBody = z.object({
  scraperUrl: z
    .string()
    .trim()
    .refine((url) => customSiteList(url) !== null, {
      message: 'a studio URL on povr.com, sexlikereal.com, vrphub.com, vrporn.com, stashdb.org or realvr.com',
    }),
  scraperName: z.string().trim().min(1),
  scraperCompany: z.string().trim().default(''),
  scraperAvatar: z.string().trim().default(''),
  masterSiteId: z.string().trim().default('').describe('"" for a main site; else an alternate source of it'),
});
export type CustomSiteBody = z.infer<typeof CustomSiteBody>;
