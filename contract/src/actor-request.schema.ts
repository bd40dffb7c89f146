import { z } from 'zod';
import { ActorUrl } from './actor-fields.schema';
import {
  ACTOR_FILTER_RANGES,
  DEFAULT_ACTOR_PAGE_SIZE,
  DEFAULT_ACTOR_SORT,
  MAX_LIST_LIMIT,
} from './constants';
import {
  DateTimeInput,
  FilterEntry,
  HttpUrl,
  jsonText,
  JsonStringArrayText,
  LongText,
  MAX_RECORD_KEYS,
  MAX_LIST_ITEMS,
  ShortText,
  UInt,
  UrlText,
} from './fields.schema';
import {
  CardSizeValue,
  MAX_FILTER_CAST,
  MAX_FILTER_LISTS,
  MAX_FILTER_SITES,
  MAX_FILTER_TAGS,
  MAX_FILTER_TERMS,
  SceneDlState,
} from './scene-filter.schema';

/** The id in GET /api/actor/{id}: a name when it contains "-", else the numeric id. */
export const ActorLookupParam = z.object({ id: ShortText.min(1) });
export type ActorLookupParam = z.infer<typeof ActorLookupParam>;

/** Sort keys of the actor list. */
export const ActorSortKey = z.enum([
  'name_asc',
  'name_desc',
  'birthday_desc',
  'birthday_asc',
  'rating_desc',
  'rating_asc',
  'scene_rating_desc',
  'added_desc',
  'added_asc',
  'modified_desc',
  'modified_asc',
  'scene_release_desc',
  'scene_added_desc',
  'file_added_desc',
  'scene_available_desc',
  'scene_count_desc',
  'random',
]);
export type ActorSortKey = z.infer<typeof ActorSortKey>;
export const ACTOR_SORT_KEYS = ActorSortKey.options;

/** Sorts that show the A-Z jump strip. */
export const ACTOR_JUMP_SORTS: readonly ActorSortKey[] = ['name_asc', 'name_desc'];

export const ActorListFilter = z.enum(['watchlist', 'favourite']);
export type ActorListFilter = z.infer<typeof ActorListFilter>;

type RangeName = keyof typeof ACTOR_FILTER_RANGES;
const bound = (name: RangeName, which: 'min' | 'max') => {
  const range = ACTOR_FILTER_RANGES[name];
  const base = z.number().min(range.min).max(range.max);
  const stepped = range.step === 1 ? base.int() : base.multipleOf(range.step);
  return stepped.default(range[which]);
};
const RANGE_NAMES = Object.keys(ACTOR_FILTER_RANGES) as RangeName[];

/**
 * The actor filter state: what the actors route `q` parameter (without cardSize) and an actor saved search
 * hold. Every field is optional with the reference defaults. A bound at the end of its range does not filter
 * (so actors with unknown height still show with the default 120-220). `cast` entries take `!` (two-way
 * cycle); `sites` and `attributes` take `&` and `!`. `dlState` and `tags` are accepted and ignored.
 */
export const ActorFilterState = z
  .object({
    dlState: SceneDlState.optional().describe('ignored'),
    cardSize: CardSizeValue.optional().describe('UI only; ignored'),
    lists: z.array(ActorListFilter).max(MAX_FILTER_LISTS).default([]),
    cast: z.array(FilterEntry).max(MAX_FILTER_CAST).default([]),
    sites: z.array(FilterEntry).max(MAX_FILTER_SITES).default([]),
    tags: z.array(ShortText).max(MAX_FILTER_TAGS).default([]).describe('ignored'),
    attributes: z.array(FilterEntry).max(MAX_FILTER_TERMS).default([]),
    jumpTo: z
      .string()
      .max(64)
      .regex(/^([A-Za-z](\/[A-Za-z])*)?$/, 'a letter such as "M" or a group such as "Q/R"')
      .default('')
      .describe('start at the page holding the first name from this letter on; "" = none'),
    min_age: bound('age', 'min'),
    max_age: bound('age', 'max'),
    min_height: bound('height', 'min').describe('cm'),
    max_height: bound('height', 'max').describe('cm'),
    min_weight: bound('weight', 'min').describe('kg'),
    max_weight: bound('weight', 'max').describe('kg'),
    min_count: bound('count', 'min'),
    max_count: bound('count', 'max'),
    min_avail: bound('avail', 'min'),
    max_avail: bound('avail', 'max'),
    min_rating: bound('rating', 'min'),
    max_rating: bound('rating', 'max'),
    min_scene_rating: bound('scene_rating', 'min'),
    max_scene_rating: bound('scene_rating', 'max'),
    sort: ActorSortKey.default(DEFAULT_ACTOR_SORT),
  })
  .superRefine((state, ctx) => {
    for (const name of RANGE_NAMES) {
      if (state[`min_${name}`] > state[`max_${name}`]) {
        ctx.addIssue({ code: 'custom', path: [`min_${name}`], message: `min_${name} is above max_${name}` });
      }
    }
  });
export type ActorFilterState = z.infer<typeof ActorFilterState>;
export type ActorFilterStateInput = z.input<typeof ActorFilterState>;

/** POST /api/actor/list: the filter state plus paging (limit by card size: 18, 10 or 8). */
export const ActorListRequest = ActorFilterState.safeExtend({
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_ACTOR_PAGE_SIZE),
  with_scenes: z
    .boolean()
    .default(true)
    .describe(
      "Fovea's own: false leaves each actor's `scenes` empty (cards need only count and avail_count); the default " +
        'true keeps the reference shape, where every actor carries all its scenes',
    ),
});
export type ActorListRequest = z.infer<typeof ActorListRequest>;
export type ActorListRequestInput = z.input<typeof ActorListRequest>;

/** GET /api/actor/filters: ACTOR_ATTRIBUTES then the generated "Cup Size X", "Nationality <country>"... */
export const ActorFiltersResponse = z.object({
  cast: z.array(z.string()),
  sites: z.array(z.string()),
  attributes: z.array(z.string()),
});
export type ActorFiltersResponse = z.infer<typeof ActorFiltersResponse>;

/** Actor flags POST /api/actor/toggle flips. */
export const ActorToggleList = z.enum(['favourite', 'watchlist', 'needs_update']);
export type ActorToggleList = z.infer<typeof ActorToggleList>;
export const ACTOR_TOGGLE_LISTS = ActorToggleList.options;

/** POST /api/actor/toggle. Answer: empty. */
export const ActorToggleBody = z.object({ actor_id: UInt, list: ActorToggleList });
export type ActorToggleBody = z.infer<typeof ActorToggleBody>;

/** POST /api/actor/setimage and DELETE /api/actor/delimage (JSON body on DELETE). Answer: the actor. */
export const ActorImageBody = z.object({ actor_id: UInt, url: UrlText.trim().min(1) });
export type ActorImageBody = z.infer<typeof ActorImageBody>;

/** POST /api/actor/edit_extrefs/{id}: a bare array of profile URLs; missing links are deleted. */
export const ActorEditExtrefsBody = z.array(HttpUrl).max(MAX_LIST_ITEMS);
export type ActorEditExtrefsBody = z.infer<typeof ActorEditExtrefsBody>;

/** Bust-waist-hip in inches with the cup letter, as "36C-24-36". */
export const MEASUREMENTS_RE = /^\d\d[A-Za-z]-\d\d-\d\d$/;
export const MEASUREMENTS_FORMAT = 'use the format 99A-99-99';

/**
 * What the reference UI sends back for an actor's stored measurements: band+cup-waist-hip as stored, with 0 for
 * unknown parts ("0-0-0" for none, "86C-61-86" for stored cm values). Accepted so its saves go through.
 */
export const MEASUREMENTS_ECHO_RE = /^\d{0,3}[A-Za-z]{0,2}-\d{0,3}-\d{0,3}$/;

/** Plausible values of an actor edit (height and weight 0 = unknown; years and birth dates from 1900). */
export const ACTOR_EDIT_LIMITS = {
  height: { min: 50, max: 272 },
  weight: { min: 20, max: 400 },
  firstYear: 1900,
} as const;

/** The server's messages for implausible actor edits; the web form shows the same (i18n validation.*). */
export const ACTOR_EDIT_MESSAGES = {
  height: `Height must be between ${ACTOR_EDIT_LIMITS.height.min} and ${ACTOR_EDIT_LIMITS.height.max} cm`,
  weight: `Weight must be between ${ACTOR_EDIT_LIMITS.weight.min} and ${ACTOR_EDIT_LIMITS.weight.max} kg`,
  birthDateFuture: 'The birth date cannot be in the future',
  birthDateEarly: `The birth date cannot be before ${ACTOR_EDIT_LIMITS.firstYear}`,
  yearFrom: `From ${ACTOR_EDIT_LIMITS.firstYear}`,
  activeOrder: 'Active From must not be after Active To',
} as const;

const year = z
  .number()
  .int()
  .nonnegative()
  .refine((y) => y <= new Date().getFullYear(), { message: 'Up to the current year' });

/**
 * POST /api/actor/edit/{id}. The reference UI sends the whole actor plus UI-only keys (imageArray, aliasArray,
 * tattooArray, piercingArray, urlArray, feet, inches, lbs), so unknown keys are accepted and ignored (loose
 * object). An absent key leaves the field unchanged. `nationality` is a country name or code (names are mapped
 * to codes); `measurements` is parsed into cup size and band/waist/hip in cm. A changed height, weight, birth
 * date or active year outside ACTOR_EDIT_LIMITS (or Active From after Active To) is refused with a 400 naming
 * the field; values sent back unchanged are not checked. Answer: the actor.
 */
export const ActorEditBody = z
  .object({
    birth_date: DateTimeInput.nullable().optional().describe('null clears it'),
    nationality: ShortText.optional(),
    ethnicity: ShortText.optional(),
    eye_color: ShortText.optional(),
    hair_color: ShortText.optional(),
    breast_type: ShortText.optional(),
    biography: LongText.optional(),
    gender: ShortText.optional(),
    height: z.number().int().nonnegative().optional().describe('cm'),
    weight: z.number().int().nonnegative().optional().describe('kg'),
    start_year: year.optional().describe('0 = unknown'),
    end_year: year.optional().describe('0 = unknown'),
    image_arr: JsonStringArrayText.optional(),
    tattoos: JsonStringArrayText.optional(),
    piercings: JsonStringArrayText.optional(),
    aliases: JsonStringArrayText.optional(),
    urls: jsonText(z.array(ActorUrl), 'an array of {url, type}').optional(),
    measurements: z
      .string()
      .max(16, { message: MEASUREMENTS_FORMAT, abort: true })
      .refine((text) => text === '' || MEASUREMENTS_RE.test(text) || MEASUREMENTS_ECHO_RE.test(text), {
        message: MEASUREMENTS_FORMAT,
      })
      .optional()
      .describe(
        'inches with the cup letter, e.g. "36C-24-36"; "" or all zero ("0-0-0") clears; the stored values sent ' +
          'back unchanged (as the reference UI does) change nothing',
      ),
  })
  .loose()
  .refine((body) => Object.keys(body).length <= MAX_RECORD_KEYS, {
    message: `at most ${MAX_RECORD_KEYS} keys`,
  })
  .meta({ maxProperties: MAX_RECORD_KEYS });
export type ActorEditBody = z.infer<typeof ActorEditBody>;
