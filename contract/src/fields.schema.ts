import { z } from 'zod';

/*
 * Small building blocks shared by the resource schemas: unsigned ids, ratings, JSON-in-string fields and
 * prefix-bearing filter entries.
 */

/*
 * Size bounds of request fields (issue 19): every string and array a request carries has one, sized to what
 * the reference UI sends and the database holds, so no request can make a query or a row unreasonably large.
 */
/** Names, titles, tags, ids as text, file names. */
export const MAX_NAME_LENGTH = 1_000;
/** URLs (a long CDN URL with its query string fits). */
export const MAX_URL_LENGTH = 4_096;
/** Free text (synopsis, notes) and JSON-in-string fields. */
export const MAX_TEXT_LENGTH = 100_000;
/** Lists of names a person picks (tags, cast, filter entries, extensions). */
export const MAX_LIST_ITEMS = 1_000;
/** Lists of ids (a whole library's worth). */
export const MAX_ID_ITEMS = 10_000;
/** Keys of a map a request carries (settings per site, field maps). */
export const MAX_RECORD_KEYS = 1_000;

/** A bounded short text: a name, title, tag, id as text. */
export const ShortText = z.string().max(MAX_NAME_LENGTH);
/** A bounded long text: a synopsis, notes. */
export const LongText = z.string().max(MAX_TEXT_LENGTH);
/** A bounded URL-sized text (not checked as a URL). */
export const UrlText = z.string().max(MAX_URL_LENGTH);
/** A list of short names, at most MAX_LIST_ITEMS. */
export const NameList = z.array(ShortText).max(MAX_LIST_ITEMS);

/** A map with a bound on its number of keys (shown as maxProperties in the OpenAPI document). */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(
  key: K,
  value: V,
  maxKeys: number = MAX_RECORD_KEYS,
) {
  return z
    .record(key, value)
    .refine((record) => Object.keys(record).length <= maxKeys, { message: `at most ${maxKeys} keys` })
    .meta({ maxProperties: maxKeys });
}

/** A query-string switch ("true"/"false", "1"/"0", …) with a bounded length. */
export const QueryFlag = z.string().max(16).pipe(z.stringbool());

/** A non-negative integer id (Go uint on the wire). */
export const UInt = z.number().int().nonnegative();

/** A star rating: 0 to 5 in half steps; 0 means "not rated". */
export const StarRating = z
  .number()
  .min(0)
  .max(5)
  .multipleOf(0.5)
  .describe('0 to 5 in steps of 0.5; 0 = none');
export type StarRating = z.infer<typeof StarRating>;

/** Body of POST /api/scene/rate/{id} and POST /api/actor/rate/{id}. */
export const RateBody = z.object({ rating: StarRating });
export type RateBody = z.infer<typeof RateBody>;

/** An absolute http(s) URL. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH);

/** An RFC 3339 date-time as a request carries it (the zone may be Z or an offset). */
export const DateTimeInput = z.iso.datetime({ offset: true }).max(64);

/** Parses a JSON-in-string field; returns null when the text is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * A string that must hold a JSON document matching `schema` (e.g. `images`, `filenames_arr`, `urls`,
 * `search_params`). The value stays a string; parse it with `parseJsonText` and the same schema.
 */
export function jsonText<T extends z.ZodType>(schema: T, what: string) {
  return z
    .string()
    .max(MAX_TEXT_LENGTH)
    .refine(
      (text) => {
        try {
          return schema.safeParse(JSON.parse(text)).success;
        } catch {
          return false;
        }
      },
      { message: `must be a JSON text holding ${what}` },
    );
}

/** A JSON text holding an array of strings, e.g. `filenames_arr`, `aliases`, `tattoos`, `image_arr`. */
export const JsonStringArrayText = jsonText(z.array(z.string()).max(MAX_ID_ITEMS), 'an array of strings');

/** The prefix of a filter entry: '' include, '&' must have, '!' exclude. */
export const FILTER_PREFIXES = ['', '&', '!'] as const;
export type FilterPrefix = (typeof FILTER_PREFIXES)[number];

/** A filter entry such as `Jane Doe`, `&Jane Doe` or `!Jane Doe`; the name after the prefix is not empty. */
export const FilterEntry = z
  .string()
  .max(MAX_NAME_LENGTH)
  .refine((entry) => entry.replace(/^[&!]/, '').length > 0, { message: 'an empty filter entry' });

/** A filter entry that may only be plain or excluded (`!`), as scene-list sites. */
export const IncludeExcludeEntry = FilterEntry.refine((entry) => !entry.startsWith('&'), {
  message: 'this filter takes only the ! prefix',
});
