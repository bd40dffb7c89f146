import { z } from 'zod';
import { Timestamp } from './common.schema';
import { DELETED_LINK_NAME, MATCH_TYPE_DELETED, MATCH_TYPE_MANUAL } from './constants';
import { DateTimeInput, HttpUrl, ShortText, UInt, UrlText } from './fields.schema';

/*
 * External references (StashDB scenes/performers/studios, alternate-source scenes, actor profile pages) and
 * their links to scenes, actors and sites (xbvr-facts §2.12, xbvr-wire §3.13 and §8).
 */

export const InternalTable = z.enum(['scenes', 'actors', 'sites']);
export type InternalTable = z.infer<typeof InternalTable>;

/** `external_references` row as nested in a link (`xbvr_links` not preloaded: null). */
export const ExternalReference = z.object({
  id: UInt,
  xbvr_links: z.null(),
  external_source: z
    .string()
    .describe('e.g. "stashdb performer", "alternate scene <siteId>", "<site> scrape"'),
  external_id: z.string(),
  external_url: z.string(),
  external_date: Timestamp,
  external_data: z.string().describe('JSON text: a StashDB scene/performer or an alternate-source scene'),
  udf_bool1: z.boolean(),
  udf_bool2: z.boolean(),
  udf_datetime1: Timestamp,
});
export type ExternalReference = z.infer<typeof ExternalReference>;

/** `external_reference_links` row with its reference, as GET /api/actor/extrefs/{id} returns it. */
export const ExternalReferenceLink = z.object({
  id: UInt,
  internal_table: InternalTable,
  internal_db_id: UInt,
  internal_name_id: z.string().describe('scene_id, actor name or site id; "deleted" for a deleted link'),
  external_reference_id: UInt,
  external_source: z.string(),
  external_id: z.string(),
  match_type: z.number().int().describe('see the MATCH_TYPE_* constants'),
  udf_datetime1: Timestamp.describe('when the link was made'),
  external_reference: ExternalReference,
});
export type ExternalReferenceLink = z.infer<typeof ExternalReferenceLink>;

export const ExternalReferenceLinkList = z.array(ExternalReferenceLink);
export type ExternalReferenceLinkList = z.infer<typeof ExternalReferenceLinkList>;

/** One entry of GET /api/scene/alternate_source/{id} (the answer is a list, or null when there are none). */
export const AlternateSourceItem = z.object({
  url: z.string(),
  site_icon: z.string(),
  external_source: z.string().describe('"alternate scene <siteId>" or "stashdb scene"'),
  external_id: z.string(),
  external_data: z.string().describe('JSON text; parse alternate scenes with AlternateSceneData'),
});
export type AlternateSourceItem = z.infer<typeof AlternateSourceItem>;

export const AlternateSourceList = z.array(AlternateSourceItem).nullable();
export type AlternateSourceList = z.infer<typeof AlternateSourceList>;

/**
 * The parsed `external_data` of an alternate-scene reference: the scraped scene (a scene-like object whose
 * `cast` may be null and holds only id and name) and the search query that linked it.
 */
export const AlternateSceneData = z
  .object({
    master_site_id: z.string(),
    MatchAchieved: z.number().int(),
    query: z.string(),
    scene: z
      .object({
        title: z.string(),
        cast: z.array(z.object({ id: UInt, name: z.string() }).loose()).nullable(),
      })
      .loose(),
  })
  .loose();
export type AlternateSceneData = z.infer<typeof AlternateSceneData>;

/**
 * POST /api/extref/edit_link: changes the scene link of an external reference, found by external_source and
 * external_id (and by the link `id` when given; `external_reference_id` is accepted and ignored). Relink:
 * match_type 99999 with the new scene's internal_db_id (its internal_name_id is taken from the scene). Never
 * link again: internal_db_id 0, internal_name_id "deleted", match_type -1 (irreversible). Answer: the link.
 */
export const EditLinkBody = z
  .object({
    id: UInt.optional().describe('the link id, to pick one link when a reference has several'),
    external_reference_id: UInt.optional().describe('ignored'),
    external_source: ShortText.min(1),
    external_id: UrlText.min(1),
    internal_table: z.literal('scenes', 'edit_link changes scene links only'),
    internal_db_id: UInt,
    internal_name_id: ShortText.min(1),
    match_type: z.union([z.literal(MATCH_TYPE_MANUAL), z.literal(MATCH_TYPE_DELETED)], {
      message: `match_type is ${MATCH_TYPE_MANUAL} (relink) or ${MATCH_TYPE_DELETED} (never link)`,
    }),
  })
  .refine(
    (b) =>
      (b.match_type === MATCH_TYPE_DELETED) ===
      (b.internal_name_id === DELETED_LINK_NAME && b.internal_db_id === 0),
    {
      message: 'a deleted link has match_type -1, internal_db_id 0 and internal_name_id "deleted"',
      path: ['match_type'],
    },
  )
  .refine((b) => b.match_type === MATCH_TYPE_DELETED || b.internal_db_id > 0, {
    message: 'a relink names the scene by its internal_db_id',
    path: ['internal_db_id'],
  });
export type EditLinkBody = z.infer<typeof EditLinkBody>;

/**
 * DELETE /api/extref/delete_extref (JSON body on DELETE): removes the reference and all its links, so the next
 * scrape adds it again and it is matched afresh. Answer: empty.
 */
export const DeleteExtrefBody = z.object({
  external_source: ShortText.min(1),
  external_id: UrlText.min(1),
});
export type DeleteExtrefBody = z.infer<typeof DeleteExtrefBody>;

/** DELETE /api/extref/delete_extref_source: every reference of a source, e.g. "alternate scene <siteId>". */
export const DeleteExtrefSourceBody = z.object({ external_source: ShortText.min(1) });
export type DeleteExtrefSourceBody = z.infer<typeof DeleteExtrefSourceBody>;

/**
 * DELETE /api/extref/delete_extref_source_links/{all|keep_manual}. `external_source` is matched with SQL LIKE
 * ("alternate scene %" for every alternate source). keep_manual keeps links of match type 99999 and -1 and,
 * with `delete_date`, deletes only links whose reference date is on or after it.
 */
export const DeleteExtrefSourceLinksBody = z.object({
  external_source: ShortText.min(1),
  delete_date: DateTimeInput.nullable().optional(),
});
export type DeleteExtrefSourceLinksBody = z.infer<typeof DeleteExtrefSourceLinksBody>;

export const DeleteLinksMode = z.enum(['all', 'keep_manual']);
export type DeleteLinksMode = z.infer<typeof DeleteLinksMode>;

/** POST /api/extref/generic/scrape_single: scrape one actor profile page. Answer: empty. */
export const GenericScrapeSingleBody = z.object({ id: UInt.describe('actor id'), url: HttpUrl });
export type GenericScrapeSingleBody = z.infer<typeof GenericScrapeSingleBody>;

/**
 * POST /api/extref/alternate_source/scrape_create (Fovea): the alternate source's page is scraped again with
 * its site's definition and stored as a real scene of that site; the alternate reference is then removed (its
 * page now belongs to that scene). Answer: the new scene.
 */
export const ScrapeCreateAlternateBody = z.object({
  external_source: ShortText.min(1),
  external_id: UrlText.min(1),
});
export type ScrapeCreateAlternateBody = z.infer<typeof ScrapeCreateAlternateBody>;
