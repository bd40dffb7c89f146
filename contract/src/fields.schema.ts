import { z } from 'zod';

/*
 * Small building blocks shared by the resource schemas: unsigned ids, ratings, JSON-in-string fields and
 * prefix-bearing filter entries.
 */

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
export const HttpUrl = z.url({ protocol: /^https?$/ });

/** An RFC 3339 date-time as a request carries it (the zone may be Z or an offset). */
export const DateTimeInput = z.iso.datetime({ offset: true });

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
  return z.string().refine(
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
export const JsonStringArrayText = jsonText(z.array(z.string()), 'an array of strings');

/** The prefix of a filter entry: '' include, '&' must have, '!' exclude. */
export const FILTER_PREFIXES = ['', '&', '!'] as const;
export type FilterPrefix = (typeof FILTER_PREFIXES)[number];

/** A filter entry such as `Jane Doe`, `&Jane Doe` or `!Jane Doe`; the name after the prefix is not empty. */
export const FilterEntry = z
  .string()
  .refine((entry) => entry.replace(/^[&!]/, '').length > 0, { message: 'an empty filter entry' });

/** A filter entry that may only be plain or excluded (`!`), as scene-list sites. */
export const IncludeExcludeEntry = FilterEntry.refine((entry) => !entry.startsWith('&'), {
  message: 'this filter takes only the ! prefix',
});
