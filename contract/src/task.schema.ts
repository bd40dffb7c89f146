import { z } from 'zod';
import { HttpUrl, MAX_LIST_ITEMS, QueryFlag, ShortText, UrlText } from './fields.schema';
import { JavrScraper } from './options.schema';
import { Scene } from './scene.schema';
import { SingleSceneWarning } from './scraper.schema';

/*
 * Bodies and queries of /api/task calls. Unless stated, a task starts background work and answers 200 with an
 * empty body; progress goes over the websocket (service.log, lock.change).
 */

/** GET /api/task/scrape?site=: a site id, `_enabled` (every enabled site, the default) or `_all`. */
export const ScrapeQuery = z.object({ site: ShortText.min(1).default('_enabled') });
export type ScrapeQuery = z.infer<typeof ScrapeQuery>;

/** GET /api/task/rescan/{id}: one volume (GET /api/task/rescan: all). */
export const RescanParams = z.object({ id: z.coerce.number().int().nonnegative() });
export type RescanParams = z.infer<typeof RescanParams>;

/**
 * An extra field a single-scene scraper asks for (e.g. wetvr's numeric `scene_id`). A required field must not
 * be empty; a `number` field holds digits only.
 */
export const AdditionalInfoField = z
  .object({
    fieldName: ShortText.min(1),
    fieldPrompt: ShortText,
    placeholder: ShortText,
    fieldValue: UrlText,
    required: z.boolean(),
    type: z.enum(['url', 'number']),
  })
  .superRefine((field, ctx) => {
    const value = field.fieldValue.trim();
    if (field.required && value === '') {
      ctx.addIssue({ code: 'custom', path: ['fieldValue'], message: `${field.fieldName} is required` });
    }
    if (field.type === 'number' && value !== '' && !/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', path: ['fieldValue'], message: `${field.fieldName} must be a number` });
    }
  });
export type AdditionalInfoField = z.infer<typeof AdditionalInfoField>;

/**
 * POST /api/task/singlescrape (no client timeout): scrape one scene page. `site` is a scraper id or one of the
 * `*-single_scene` ids; the URL must not need a login nor be a category or studio list.
 */
export const SingleScrapeBody = z.object({
  site: ShortText.min(1),
  sceneurl: UrlText.trim().pipe(HttpUrl),
  additionalinfo: z.array(AdditionalInfoField).max(MAX_LIST_ITEMS).default([]),
});
export type SingleScrapeBody = z.infer<typeof SingleScrapeBody>;

/**
 * Answer of single scrape: on status "OK" the scene opens in the editor. `warnings` (Fovea, additive) names the
 * fields the definition says a single scrape leaves empty or doubtful; the UI shows their toasts.
 */
export const SingleScrapeResponse = z.object({
  status: z.string(),
  scene: Scene,
  warnings: z.array(SingleSceneWarning).default([]),
});
export type SingleScrapeResponse = z.infer<typeof SingleScrapeResponse>;

/** Single-scene scraper ids besides the site ids. */
export const SINGLE_SCENE_SCRAPERS = [
  'slr-single_scene',
  'czechvr-single_scene',
  'povr-single_scene',
  'vrporn-single_scene',
  'vrphub-single_scene',
  'realvr-single_scene',
  'single_scene-stashdb',
] as const;

/** POST /api/task/scrape-javr: `s` the source (saved as the default), `q` comma-separated DVD ids. */
export const ScrapeJavrBody = z.object({
  s: JavrScraper,
  q: z
    .string()
    .trim()
    .min(1)
    .max(2_000)
    .describe('one or more ids, comma-separated, e.g. "VRKM-821,SIVR-100"'),
});
export type ScrapeJavrBody = z.infer<typeof ScrapeJavrBody>;

/** A TPDB scene or JAV page: theporndb.net/(scenes|jav)/<slug>, with or without the api. host. */
export const TPDB_URL_RE = /^https?:\/\/(api\.)?theporndb\.net\/(scenes|jav)\/[^/?#\s]+/;

/** POST /api/task/scrape-tpdb. The token is saved to vendor.tpdb.apiToken after a successful scrape. */
export const ScrapeTpdbBody = z.object({
  apiToken: z.string().trim().min(1).max(1_000).describe('the token, or "set" for the stored one'),
  sceneUrl: UrlText.trim().regex(TPDB_URL_RE, 'a theporndb.net scene URL'),
});
export type ScrapeTpdbBody = z.infer<typeof ScrapeTpdbBody>;

// ---- Content bundles ----------------------------------------------------------------------------------------

/** Which external references a bundle carries: all, manual matches (99999) or deleted matches (-1). */
export const ExtRefSubset = z.enum(['', 'all', 'manual_matched', 'deleted_match']);
export type ExtRefSubset = z.infer<typeof ExtRefSubset>;

export const BUNDLE_INCLUDE_KEYS = [
  'inclScenes',
  'inclHistory',
  'inclLinks',
  'inclCuepoints',
  'inclActions',
  'inclPlaylists',
  'inclActorAkas',
  'inclTagGroups',
  'inclVolumes',
  'inclExtRefs',
  'inclSites',
  'inclActors',
  'inclActorActions',
  'inclConfig',
] as const;
export type BundleIncludeKey = (typeof BUNDLE_INCLUDE_KEYS)[number];

/** Import/export defaults (options-spec §9): every include on except config; overwrite on. */
export const DEFAULT_BUNDLE_OPTIONS = {
  allSites: true,
  onlyIncludeOfficalSites: false,
  inclScenes: true,
  inclHistory: true,
  inclLinks: true,
  inclCuepoints: true,
  inclActions: true,
  inclPlaylists: true,
  inclActorAkas: true,
  inclTagGroups: true,
  inclVolumes: true,
  inclExtRefs: true,
  inclSites: true,
  inclActors: true,
  inclActorActions: true,
  inclConfig: false,
  inclSqlCmds: false,
  extRefSubset: '',
  overwrite: true,
} as const;

/** Query booleans: ky sends "true"/"false". */
const qbool = (value: boolean) => QueryFlag.default(value);
const bbool = (value: boolean) => z.boolean().default(value);

/** The site scope and include switches of a bundle, each with its default, as query text or JSON booleans. */
export function bundleSwitches<T extends z.ZodType>(field: (value: boolean) => T) {
  const d = DEFAULT_BUNDLE_OPTIONS;
  return {
    allSites: field(d.allSites),
    onlyIncludeOfficalSites: field(d.onlyIncludeOfficalSites),
    inclScenes: field(d.inclScenes),
    inclHistory: field(d.inclHistory),
    inclLinks: field(d.inclLinks),
    inclCuepoints: field(d.inclCuepoints),
    inclActions: field(d.inclActions),
    inclPlaylists: field(d.inclPlaylists),
    inclActorAkas: field(d.inclActorAkas),
    inclTagGroups: field(d.inclTagGroups),
    inclVolumes: field(d.inclVolumes),
    inclExtRefs: field(d.inclExtRefs),
    inclSites: field(d.inclSites),
    inclActors: field(d.inclActors),
    inclActorActions: field(d.inclActorActions),
    inclConfig: field(d.inclConfig),
  };
}

/** Query switches: ky sends "true"/"false". */
export const queryBundleSwitches = () => bundleSwitches(qbool);
/** JSON body switches. */
export const bodyBundleSwitches = () => bundleSwitches(bbool);

/**
 * GET /api/task/bundle/backup (no client timeout). With download=true the bundle is written for
 * /download/xbvr-content-bundle.json and the answer is BundleBackupResponse; without it the answer is the bundle.
 * `playlistId` 0 = every scene, else the scenes of that saved search. Note the spelling onlyIncludeOfficalSites.
 */
export const BundleBackupQuery = z.object({
  ...queryBundleSwitches(),
  extRefSubset: ExtRefSubset.default(DEFAULT_BUNDLE_OPTIONS.extRefSubset),
  playlistId: z.coerce.number().int().nonnegative().default(0),
  download: qbool(false),
});
export type BundleBackupQuery = z.infer<typeof BundleBackupQuery>;

/** Answer of a backup with download=true, e.g. "Ready to Download from .../download/xbvr-content-bundle.json". */
export const BundleBackupResponse = z.object({ status: z.string() });
export type BundleBackupResponse = z.infer<typeof BundleBackupResponse>;

const isJsonText = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * POST /api/task/bundle/restore. The bundle comes either as `uploadData` (the whole file re-serialised as a JSON
 * string; "{}" when a URL is used) or from `bundleUrl` ("" when a file is used). `inclSqlCmds` is never sent by
 * the reference UI. Answer: empty; progress over service.log (task "scrape").
 */
export const BundleRestoreBody = z
  .object({
    ...bodyBundleSwitches(),
    inclSqlCmds: bbool(DEFAULT_BUNDLE_OPTIONS.inclSqlCmds),
    extRefSubset: ExtRefSubset.default(DEFAULT_BUNDLE_OPTIONS.extRefSubset),
    overwrite: bbool(DEFAULT_BUNDLE_OPTIONS.overwrite),
    uploadData: z
      .string()
      .default('{}')
      .refine(isJsonText, { message: 'the bundle file is not valid JSON' })
      .describe('the bundle as a JSON string; "{}" when bundleUrl is used'),
    bundleUrl: z
      .string()
      .trim()
      .refine((url) => url === '' || HttpUrl.safeParse(url).success, { message: 'Please enter a valid URL.' })
      .default('')
      .describe('"" when uploadData is used'),
  })
  .refine((b) => b.bundleUrl !== '' || b.uploadData.trim() !== '{}', {
    message: 'give a bundle file (uploadData) or a bundle URL',
    path: ['uploadData'],
  });
export type BundleRestoreBody = z.infer<typeof BundleRestoreBody>;
