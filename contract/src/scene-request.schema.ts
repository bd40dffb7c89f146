import { z } from 'zod';
import { DateText } from './common.schema';
import {
  jsonText,
  LongText,
  MAX_NAME_LENGTH,
  MAX_RECORD_KEYS,
  ShortText,
  UInt,
  UrlText,
} from './fields.schema';
import { Scene, SceneImage } from './scene.schema';

/**
 * The id in GET /api/scene/{id} and /api/scene/alternate_source/{id}: a string scene_id when it contains "-",
 * else the numeric id.
 */
export const SceneLookupParam = z.object({ id: ShortText.min(1) });
export type SceneLookupParam = z.infer<typeof SceneLookupParam>;

/** True when a lookup id names the string scene_id rather than the numeric id. */
export const isStringSceneId = (id: string): boolean => id.includes('-');

/** GET /api/scene/search?q=: a query string (title:, cast:, site:, id:, duration:, released:, added:), a URL or a file name. */
export const SceneSearchQuery = z.object({ q: ShortText });
export type SceneSearchQuery = z.infer<typeof SceneSearchQuery>;

/** Answer of GET /api/scene/search; `scenes` is null when nothing matched. Each scene carries `_score`. */
export const SceneSearchResponse = z.object({
  results: z.number().int().nonnegative(),
  scenes: z.array(Scene).nullable(),
});
export type SceneSearchResponse = z.infer<typeof SceneSearchResponse>;

/** GET /api/scene/searchfields?q={numeric id}. */
export const SearchFieldsQuery = z.object({ q: z.coerce.number().int().nonnegative() });
export type SearchFieldsQuery = z.infer<typeof SearchFieldsQuery>;

/** One indexed search field of a scene; errors come as one entry with fieldName "Error". */
export const SearchField = z.object({ fieldName: z.string(), fieldValue: z.string() });
export type SearchField = z.infer<typeof SearchField>;
export const SearchFieldsResponse = z.array(SearchField).nullable();
export type SearchFieldsResponse = z.infer<typeof SearchFieldsResponse>;

/** Scene flags POST /api/scene/toggle flips. `wishlist` flips only while the scene is not available. */
export const SceneToggleList = z.enum([
  'watchlist',
  'favourite',
  'watched',
  'trailerlist',
  'needs_update',
  'is_hidden',
  'wishlist',
]);
export type SceneToggleList = z.infer<typeof SceneToggleList>;
export const SCENE_TOGGLE_LISTS = SceneToggleList.options;

/** POST /api/scene/toggle. `scene_id` is the string scene_id. Answer: empty. */
export const SceneToggleBody = z.object({
  scene_id: ShortText.min(1).describe('the string scene_id, e.g. "slr-12345"'),
  list: SceneToggleList,
});
export type SceneToggleBody = z.infer<typeof SceneToggleBody>;

/** POST /api/scene/selectscript/{id}: the script file to prefer. Answer: the scene. */
export const SelectScriptBody = z.object({ file_id: UInt });
export type SelectScriptBody = z.infer<typeof SelectScriptBody>;

/** POST /api/scene/delete: the numeric id. Answer: the deleted scene. */
export const SceneDeleteBody = z.object({
  scene_id: UInt.describe('the numeric id, not the string scene_id'),
});
export type SceneDeleteBody = z.infer<typeof SceneDeleteBody>;

const TITLE_REQUIRED = 'a title is required';

/**
 * POST /api/scene/create. `id` is the wanted scene_id: slugified (case kept, every run of other characters
 * than letters and digits becomes "-"; "Custom-" is put in front when the slug has no "-", so GET
 * /api/scene/{id} can find it); generated as "Custom-<yyyymmddhhmmss>" when blank. `filename` comes from the
 * files screen (Fovea: `file_id` names the file itself). Answer: the created scene (409 when the id is taken).
 */
export const SceneCreateBody = z.object({
  title: z.string({ error: TITLE_REQUIRED }).max(MAX_NAME_LENGTH).trim().min(1, TITLE_REQUIRED),
  id: ShortText.trim().default('').describe('the wanted scene_id; blank = generated'),
  filename: ShortText.trim()
    .optional()
    .describe('a file name to add to filenames_arr; the unmatched files of exactly this name are matched'),
  file_id: UInt.optional().describe(
    'a file to match to the new scene (its name joins filenames_arr); 404 if unknown',
  ),
});
export type SceneCreateBody = z.infer<typeof SceneCreateBody>;

/** Actors and tags one scene edit may name (a scene's whole cast and tags, with room to spare). */
export const MAX_EDIT_CAST = 200;
export const MAX_EDIT_TAGS = 500;
/** Entries of the JSON lists a scene edit carries (file names, images). */
const MAX_EDIT_LIST_ITEMS = 1_000;

/** True when no two names are equal ignoring case. */
const uniqueNames = (names: string[]) =>
  new Set(names.map((name) => name.toLowerCase())).size === names.length;

/** A JSON text holding `schema`, or the text "null" (the wire's empty list). */
const jsonListText = <T extends z.ZodType>(schema: T, what: string) => jsonText(schema.nullable(), what);

/**
 * POST /api/scene/edit/{id}. The reference UI sends the whole scene object plus `castArray`, `tagsArray`,
 * `gallery` and `files`, so unknown keys are accepted and ignored (loose object). The keys below are the ones
 * the server reads; an absent key leaves the field unchanged. `duration` (minutes) travels as a string;
 * `images` lists the cover first: when `images` changes, its first cover becomes `cover_url` (the sent
 * `cover_url` counts when `images` is unchanged or has no cover). Every changed field is written to the scene's edit
 * journal, so a later scrape keeps it. Answer: the updated scene.
 */
export const SceneEditBody = z
  .object({
    title: ShortText.trim().min(1, TITLE_REQUIRED).optional(),
    synopsis: LongText.optional(),
    studio: ShortText.trim().optional(),
    site: ShortText.trim().optional(),
    scene_url: UrlText.trim().optional(),
    members_url: UrlText.trim().optional(),
    release_date_text: z
      .union([z.literal(''), DateText])
      .optional()
      .describe('yyyy-mm-dd, or "" for none'),
    castArray: z
      .array(ShortText.trim().min(1, 'an empty actor name'))
      .max(MAX_EDIT_CAST)
      .refine(uniqueNames, { message: 'the cast has duplicates' })
      .optional()
      .describe('actor names (new names create actors; "aka:" group names are managed by the aka calls)'),
    tagsArray: z
      .array(ShortText.trim().toLowerCase().min(1, 'an empty tag'))
      .max(MAX_EDIT_TAGS)
      .refine(uniqueNames, { message: 'the tags have duplicates' })
      .optional()
      .describe(
        'tag names, stored lower case (new names create tags; "tag group:" names are managed by tag groups)',
      ),
    filenames_arr: jsonListText(
      z.array(ShortText).max(MAX_EDIT_LIST_ITEMS),
      'an array of strings',
    ).optional(),
    images: jsonListText(
      z.array(SceneImage).max(MAX_EDIT_LIST_ITEMS),
      'an array of {url, type, orientation}',
    ).optional(),
    cover_url: UrlText.optional(),
    is_multipart: z.boolean().optional(),
    duration: z
      .union([
        z
          .string()
          .max(6, { message: 'whole minutes', abort: true })
          .regex(/^\d{0,6}$/, 'whole minutes'),
        z.number().int().nonnegative().max(999_999),
      ])
      .optional()
      .describe('minutes, sent as a string by the reference UI; "" = 0'),
    gallery: z.array(UrlText).max(MAX_EDIT_LIST_ITEMS).optional().describe('UI only; ignored'),
    files: z.array(UrlText).max(MAX_EDIT_LIST_ITEMS).optional().describe('UI only; ignored'),
  })
  .loose()
  .refine((body) => Object.keys(body).length <= MAX_RECORD_KEYS, {
    message: `at most ${MAX_RECORD_KEYS} keys`,
  })
  .meta({ maxProperties: MAX_RECORD_KEYS });
export type SceneEditBody = z.infer<typeof SceneEditBody>;
