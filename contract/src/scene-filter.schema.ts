import { z } from 'zod';
import { DEFAULT_SCENE_SORT, MAX_LIST_LIMIT, SCENE_PAGE_SIZE } from './constants';
import { FilterEntry, IncludeExcludeEntry, QueryFlag } from './fields.schema';
import { Scene } from './scene.schema';
import { Volume } from './storage.schema';

/** Sort keys of the scene list (xbvr-facts §4.5). */
export const SceneSortKey = z.enum([
  'release_desc',
  'release_asc',
  'added_desc',
  'added_asc',
  'title_desc',
  'title_asc',
  'total_file_size_desc',
  'total_file_size_asc',
  'rating_desc',
  'rating_asc',
  'total_watch_time_desc',
  'total_watch_time_asc',
  'scene_added_desc',
  'scene_updated_desc',
  'last_opened_desc',
  'last_opened_asc',
  'script_published_desc',
  'scene_id_desc',
  'site_asc',
  'alt_src_desc',
  'random',
]);
export type SceneSortKey = z.infer<typeof SceneSortKey>;
export const SCENE_SORT_KEYS = SceneSortKey.options;

/** Download-state tabs of the scene list. */
export const SceneDlState = z.enum(['any', 'available', 'downloaded', 'missing', 'hidden']);
export type SceneDlState = z.infer<typeof SceneDlState>;

/**
 * What a download state means for the (isAvailable, isAccessible, isHidden) flags the list request carries
 * (xbvr-facts §4.2); null = no restriction.
 */
export const DL_STATE_FLAGS = {
  any: { isAvailable: null, isAccessible: null, isHidden: false },
  available: { isAvailable: true, isAccessible: true, isHidden: false },
  downloaded: { isAvailable: true, isAccessible: null, isHidden: false },
  missing: { isAvailable: false, isAccessible: null, isHidden: false },
  hidden: { isAvailable: null, isAccessible: null, isHidden: true },
} as const satisfies Record<
  SceneDlState,
  { isAvailable: boolean | null; isAccessible: boolean | null; isHidden: boolean }
>;

/*
 * Bounds of the list filters (issue 19): what a demanding owner might pick (a library holds about a thousand
 * sites and a few thousand tags), and what the list's SQL answers without holding the server for more than
 * about 100 ms with every filter at its bound at once (`BENCH_ONLY=limits npm run bench`).
 */
/** Sites and tags a filter may name. */
export const MAX_FILTER_SITES = 500;
export const MAX_FILTER_TAGS = 500;
/** Actors a cast filter may name. */
export const MAX_FILTER_CAST = 200;
/** Cuepoint and attribute terms of a filter. */
export const MAX_FILTER_TERMS = 100;
/** Entries of a `lists` filter (each of the four flags, perhaps repeated). */
export const MAX_FILTER_LISTS = 16;

/** The `lists` filter of the scene list: every entry is ANDed. */
export const SceneListFilter = z.enum(['watchlist', 'favourite', 'wishlist', 'scripted']);
export type SceneListFilter = z.infer<typeof SceneListFilter>;

/** A card size as the reference UI stores it ('1' S, '2' M, '3' L); old saved searches may hold numbers. */
export const CardSizeValue = z.union([z.enum(['1', '2', '3']), z.literal([1, 2, 3])]);
export type CardSizeValue = z.infer<typeof CardSizeValue>;

const MONTH_FORMAT = 'use the format yyyy-mm';

/**
 * The scene filter state: what the `q` route parameter (base64 JSON) and a scene saved search's
 * `search_params` hold. Every field is optional with the reference defaults. `cast`, `tags`, `cuepoint` and
 * `attributes` entries take the `&` (must have) and `!` (exclude) prefixes, `sites` only `!`. `cuepoint`
 * entries match with `*` wildcards, or exactly when wrapped in double quotes. Attribute names are not checked
 * against the known list (see parseSceneAttribute), so saved searches with retired attributes still load.
 */
export const SceneFilterState = z.object({
  dlState: SceneDlState.default('available'),
  cardSize: CardSizeValue.optional().describe('UI only; ignored by the server'),
  lists: z.array(SceneListFilter).max(MAX_FILTER_LISTS).default([]),
  isAvailable: z.boolean().nullable().default(null).describe('null = no filter'),
  isAccessible: z.boolean().nullable().default(null).describe('null = no filter'),
  isHidden: z
    .boolean()
    .nullable()
    .optional()
    .describe('ignored: only dlState "hidden" selects hidden scenes'),
  isWatched: z.boolean().nullable().default(null).describe('null = everything'),
  releaseMonth: z
    .string()
    .max(7, { message: MONTH_FORMAT, abort: true })
    .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, MONTH_FORMAT)
    .default('')
    .describe('"YYYY-MM", or "" for any'),
  cast: z.array(FilterEntry).max(MAX_FILTER_CAST).default([]),
  sites: z.array(IncludeExcludeEntry).max(MAX_FILTER_SITES).default([]),
  tags: z.array(FilterEntry).max(MAX_FILTER_TAGS).default([]),
  cuepoint: z.array(FilterEntry).max(MAX_FILTER_TERMS).default([]),
  attributes: z.array(FilterEntry).max(MAX_FILTER_TERMS).default([]),
  volume: z.number().int().nonnegative().default(0).describe('volume id; 0 = all volumes'),
  sort: SceneSortKey.default(DEFAULT_SCENE_SORT),
});
export type SceneFilterState = z.infer<typeof SceneFilterState>;
export type SceneFilterStateInput = z.input<typeof SceneFilterState>;

/**
 * POST /api/scene/list: the filter state plus paging. As on the wire, the server selects hidden scenes only for
 * dlState "hidden" and applies isAvailable/isAccessible as sent (the client derives them with DL_STATE_FLAGS).
 */
export const SceneListRequest = SceneFilterState.extend({
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(MAX_LIST_LIMIT).default(SCENE_PAGE_SIZE),
});
export type SceneListRequest = z.infer<typeof SceneListRequest>;
export type SceneListRequestInput = z.input<typeof SceneListRequest>;

/** Answer of POST /api/scene/list. `results` counts all matches (without offset and limit). */
export const SceneListResponse = z.object({
  results: z.number().int().nonnegative(),
  scenes: z.array(Scene),
  count_any: z.number().int().nonnegative().describe('not hidden'),
  count_available: z.number().int().nonnegative().describe('available, accessible and not hidden'),
  count_downloaded: z.number().int().nonnegative().describe('available and not hidden'),
  count_not_downloaded: z.number().int().nonnegative().describe('not available and not hidden'),
  count_hidden: z.number().int().nonnegative(),
});
export type SceneListResponse = z.infer<typeof SceneListResponse>;

/** GET /api/scene/filters query (optional narrowing of sites, tags, cast and months). */
export const SceneFiltersQuery = z.object({
  is_available: QueryFlag.optional(),
  is_accessible: QueryFlag.optional(),
});
export type SceneFiltersQuery = z.infer<typeof SceneFiltersQuery>;

/** GET /api/scene/filters. Every list is an array (the UI reverses release_month in place). */
export const SceneFiltersResponse = z.object({
  cast: z.array(z.string()),
  tags: z.array(z.string()),
  sites: z.array(z.string()),
  release_month: z.array(z.string()).describe('"YYYY-MM", oldest first'),
  volumes: z.array(Volume),
  attributes: z.array(z.string()).describe('SCENE_ATTRIBUTES, then Resolution/Frame Rate/Codec entries'),
  cuepoints: z.array(z.string()).describe('distinct cuepoint names'),
});
export type SceneFiltersResponse = z.infer<typeof SceneFiltersResponse>;
