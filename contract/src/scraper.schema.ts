import { z } from 'zod';
import { Timestamp } from './common.schema';
import { Site } from './site.schema';

/*
 * Fovea's scraper health and definitions (additive to the reference wire format): every run of a site is
 * recorded, and the Scrapers table shows the last one.
 */

/**
 * How a site's run ended. ok: the walk finished and every scene found was stored (or already known);
 * partial: some scene pages or a later listing page failed while others were stored; failed: the run broke
 * before parsing anything, or every scene was rejected; blocked: the circuit breaker stopped it (repeated
 * 403s, a challenge or captcha page, a redirect to a join page); zero_results: the listing was read but held
 * no scene at all (a layout change, most often; never "ok"); invalid_definition: the site has no valid
 * definition.
 */
export const ScrapeRunStatus = z.enum([
  'running',
  'ok',
  'partial',
  'failed',
  'blocked',
  'zero_results',
  'invalid_definition',
]);
export type ScrapeRunStatus = z.infer<typeof ScrapeRunStatus>;

export const ScrapeRunKind = z.enum(['full', 'limited', 'single']);
export type ScrapeRunKind = z.infer<typeof ScrapeRunKind>;

/** Share of the parsed scenes that left a field empty, e.g. {field: "released", empty: 12, of: 12}. */
export const FieldCoverage = z.object({
  field: z.string(),
  empty: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
});
export type FieldCoverage = z.infer<typeof FieldCoverage>;

export const ScrapeRun = z.object({
  id: z.number().int(),
  site_id: z.string(),
  kind: ScrapeRunKind,
  status: ScrapeRunStatus,
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  pages_fetched: z.number().int().nonnegative(),
  scenes_seen: z.number().int().nonnegative(),
  scenes_new: z.number().int().nonnegative(),
  scenes_updated: z.number().int().nonnegative(),
  scenes_rejected: z.number().int().nonnegative(),
  /** Answers by HTTP status, e.g. {"200": 31, "429": 2}; "network" counts requests with no answer. */
  http_statuses: z.record(z.string(), z.number().int().nonnegative()),
  last_error: z.string(),
  last_error_url: z.string(),
  definition_version: z.number().int().nonnegative(),
  /** Fields left empty in some of the parsed scenes (only fields the definition declares). */
  coverage: z.array(FieldCoverage),
});
export type ScrapeRun = z.infer<typeof ScrapeRun>;

/** A site as Fovea's Scrapers table reads it: the wire site plus its definition and last run. */
export const SiteWithHealth = Site.extend({
  /** Fovea extras. */
  studio: z.string(),
  domain: z.string(),
  definition_id: z.string(),
  /** Set when the site ships disabled (gone or broken at the source), with the reason. */
  disabled_reason: z.string(),
  /** "definition invalid: file:line: why" when its definition does not load, else "". */
  definition_error: z.string(),
  last_run: ScrapeRun.nullable(),
});
export type SiteWithHealth = z.infer<typeof SiteWithHealth>;

export const SiteHealthList = z.array(SiteWithHealth);
export type SiteHealthList = z.infer<typeof SiteHealthList>;

/** GET /api/scrapers/runs?site=: the site's recent runs, newest first. */
export const ScrapeRunsQuery = z.object({
  site: z.string().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ScrapeRunsQuery = z.infer<typeof ScrapeRunsQuery>;
export const ScrapeRunList = z.array(ScrapeRun);
export type ScrapeRunList = z.infer<typeof ScrapeRunList>;

/** One loaded definition file (GET /api/scrapers/definitions). */
export const DefinitionInfo = z.object({
  id: z.string(),
  file: z.string().describe('file name, e.g. vrbangers.yaml'),
  builtin: z.boolean().describe('shipped with Fovea (false: from <data>/scrapers/)'),
  overrides_builtin: z.boolean(),
  version: z.number().int().nonnegative(),
  engine: z.string(),
  site_ids: z.array(z.string()),
  /** "definition invalid: file:line: why" when the file on disk does not validate ("" when fine). The last
   * valid version stays in use. */
  error: z.string(),
});
export type DefinitionInfo = z.infer<typeof DefinitionInfo>;
export const DefinitionInfoList = z.array(DefinitionInfo);
export type DefinitionInfoList = z.infer<typeof DefinitionInfoList>;

/** A single-scene warning the UI shows after a scrape (options-spec §8; texts in the web catalogue). */
export const SingleSceneWarning = z.enum(['release_date', 'duration', 'cover', 'previews', 'site']);
export type SingleSceneWarning = z.infer<typeof SingleSceneWarning>;

/** What the Create/Import screen needs to route a URL: declared by the definitions, never hard-coded. */
export const SingleSceneRoute = z.object({
  site_id: z.string(),
  name: z.string(),
  /** Regular expressions (JavaScript syntax) a scene URL of the site matches. */
  url_patterns: z.array(z.string()),
  additional_info: z.array(
    z.object({
      fieldName: z.string(),
      fieldPrompt: z.string(),
      placeholder: z.string(),
      required: z.boolean(),
      type: z.enum(['url', 'number']),
    }),
  ),
  warnings: z.array(SingleSceneWarning),
});
export type SingleSceneRoute = z.infer<typeof SingleSceneRoute>;
export const SingleSceneRouteList = z.array(SingleSceneRoute);
export type SingleSceneRouteList = z.infer<typeof SingleSceneRouteList>;
