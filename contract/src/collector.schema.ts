import { z } from 'zod';

/** A cookie a scraper or trailer collector sends. */
export const CollectorCookie = z.object({
  name: z.string(),
  value: z
    .string()
    .describe('In the list: "set" when a value is stored (never the value); "set" saved back keeps it'),
  domain: z.string(),
  path: z.string(),
  host: z.string(),
});
export type CollectorCookie = z.infer<typeof CollectorCookie>;

/** A header (and the `other` key/value pairs) of a collector config. */
export const CollectorKeyValue = z.object({
  key: z.string(),
  value: z
    .string()
    .describe(
      'A header named like a credential (isSecretHeader) lists "set" in place of its value; "set" keeps it',
    ),
});
export type CollectorKeyValue = z.infer<typeof CollectorKeyValue>;

/** A per-domain HTTP config; lists may be null on the wire (the UI null-checks headers and cookies). */
export const CollectorConfigData = z.object({
  headers: z.array(CollectorKeyValue).nullable(),
  cookies: z.array(CollectorCookie).nullable(),
  body: z.string(),
  other: z.array(CollectorKeyValue).nullable(),
});
export type CollectorConfigData = z.infer<typeof CollectorConfigData>;

/** One entry of GET /api/options/collector-config-list. */
export const CollectorConfig = z.object({
  domain_key: z.string().describe('e.g. "naughtyamerica-trailers" or "<domain>-scraper"'),
  config: CollectorConfigData,
});
export type CollectorConfig = z.infer<typeof CollectorConfig>;

export const CollectorConfigList = z.array(CollectorConfig);
export type CollectorConfigList = z.infer<typeof CollectorConfigList>;

/** Bounds on a saved config: every list and string of a request is limited. */
export const COLLECTOR_CONFIG_LIMITS = {
  domainKey: 100,
  entries: 200,
  name: 200,
  value: 4000,
  body: 20_000,
} as const;

const L = COLLECTOR_CONFIG_LIMITS;
const BoundedCookie = z.object({
  name: z.string().max(L.name),
  value: z.string().max(L.value),
  domain: z.string().max(L.name).default(''),
  path: z.string().max(L.value).default(''),
  host: z.string().max(L.name).default(''),
});
const BoundedKeyValue = z.object({ key: z.string().max(L.name), value: z.string().max(L.value) });

/**
 * POST /api/options/save-collector-config, from the form or an imported file (posted as is). Missing lists
 * mean empty. Answer: empty.
 */
export const SaveCollectorConfigBody = z.object({
  domain_key: z.string().trim().min(1).max(L.domainKey),
  body: z.string().max(L.body).default(''),
  cookies: z.array(BoundedCookie).max(L.entries).nullable().default([]),
  headers: z.array(BoundedKeyValue).max(L.entries).nullable().default([]),
  other: z.array(BoundedKeyValue).max(L.entries).nullable().default([]),
});
export type SaveCollectorConfigBody = z.infer<typeof SaveCollectorConfigBody>;

/** DELETE /api/options/delete-collector-config (JSON body on DELETE). Answer: empty. */
export const DeleteCollectorConfigBody = z.object({
  domain_key: z.string().trim().min(1).max(L.domainKey),
});
export type DeleteCollectorConfigBody = z.infer<typeof DeleteCollectorConfigBody>;
