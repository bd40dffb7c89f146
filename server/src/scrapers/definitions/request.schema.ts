import { z } from 'zod';
import { Regex, Text } from './definition-primitives';

/** Requests in definitions: per-site headers, request objects, session values and extra pages per scene. */

export const HeaderMap = z.record(z.string().min(1).max(100), z.string().max(4000));

/** Per-site request headers and cookies (templates), added over the definition's `http.headers`/`cookies`. */
export const SiteHttpSpec = z.strictObject({
  headers: HeaderMap.default({}),
  cookies: HeaderMap.default({}),
});
export type SiteHttpSpec = z.infer<typeof SiteHttpSpec>;

/**
 * A request: a URL template, or an object with the method, a body template (`{json:x}` escapes a value for a
 * JSON string) and extra headers (templates) for this request only.
 */
export const RequestSpec = z
  .union([
    Text,
    z.strictObject({
      url: Text,
      method: z.enum(['GET', 'POST']).default('GET'),
      body: z.string().max(20_000).optional(),
      headers: HeaderMap.default({}),
    }),
  ])
  .meta({ id: 'RequestSpec' });
export type RequestSpec = z.infer<typeof RequestSpec>;

/**
 * A value fetched once per run before the walk (a token, an API key on the site's page), usable as
 * `{session.<name>}`: `regex` (group 1) on the answer's text, then `json` (a gjson path) on that text or on
 * the answer itself.
 */
export const SessionVarSpec = z
  .strictObject({
    name: z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/),
    url: RequestSpec,
    regex: Regex.optional(),
    json: Text.optional(),
  })
  .refine((v) => v.regex !== undefined || v.json !== undefined, {
    message: 'a session value needs regex or json',
  });
export type SessionVarSpec = z.infer<typeof SessionVarSpec>;

/** A second document per scene (a trailer JSON, the scene page of a feed), read by `from: extra:<name>`. */
export const ExtraPageSpec = z.strictObject({
  name: z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/),
  /** A request template over the site's variables, `{url}` (the scene URL) and `{item.<path>}`. */
  url: RequestSpec,
  format: z.enum(['html', 'json']).default('html'),
});
export type ExtraPageSpec = z.infer<typeof ExtraPageSpec>;
