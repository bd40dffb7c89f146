import { z } from 'zod';
import { Timestamp } from './common.schema';
import { CUSTOM_SITE_DOMAINS } from './site.schema';

const CUSTOM_SITE_LISTS = Object.values(CUSTOM_SITE_DOMAINS) as [
  (typeof CUSTOM_SITE_DOMAINS)[keyof typeof CUSTOM_SITE_DOMAINS],
  ...(typeof CUSTOM_SITE_DOMAINS)[keyof typeof CUSTOM_SITE_DOMAINS][],
];

/**
 * A custom site: an aggregator studio the owner added (Options → Advanced → Create Custom Site). It becomes a
 * site of the aggregator's scraper definition (the definition id is the list) as soon as it is saved.
 */
export const CustomSite = z.object({
  id: z.string().describe('the site id: the last URL segment and the list, e.g. "vrhush-slr"'),
  list: z.enum(CUSTOM_SITE_LISTS).describe('the aggregator, also its definition id'),
  url: z.string().describe('the studio page on the aggregator'),
  name: z.string(),
  company: z.string().describe('the Studio value of its scenes'),
  avatar_url: z.string().describe('"" = the aggregator’s default icon'),
  master_site_id: z.string().describe('"" for a main site'),
  /** Whether the aggregator's definition is loaded, so the site is scrapable. */
  has_scraper: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CustomSite = z.infer<typeof CustomSite>;

/** GET /api/options/custom-sites: every custom site, by name. */
export const CustomSites = z.array(CustomSite);
export type CustomSites = z.infer<typeof CustomSites>;

/** DELETE /api/options/custom-sites/{id}. */
export const CustomSiteIdParams = z.object({ id: z.string().min(1).max(64) });
export type CustomSiteIdParams = z.infer<typeof CustomSiteIdParams>;
