import { z } from 'zod';

/* The generic actor scraper's own calls (scraper-sites §7); the scrape_single body is GenericScrapeSingleBody. */

/** A site id in a path (`/api/extref/generic/scrape_by_site/{siteId}`). */
export const GenericScrapeSiteParams = z.object({ siteId: z.string().min(1).max(64) });
export type GenericScrapeSiteParams = z.infer<typeof GenericScrapeSiteParams>;

/** One rule set in use: its key ("<source> scrape"), the host it reads, whether it is the owner's. */
export const ActorRuleSetInfo = z.object({ key: z.string(), domain: z.string(), custom: z.boolean() });
export type ActorRuleSetInfo = z.infer<typeof ActorRuleSetInfo>;

/** GET /api/extref/generic/rule_sets: the sets in use and why the owner's file is not used ('' when fine). */
export const ActorRuleSetList = z.object({ sets: z.array(ActorRuleSetInfo), error: z.string() });
export type ActorRuleSetList = z.infer<typeof ActorRuleSetList>;
