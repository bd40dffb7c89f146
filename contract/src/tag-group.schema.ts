import { z } from 'zod';
import { MAX_LIST_ITEMS, ShortText, UInt } from './fields.schema';
import { Tag } from './scene.schema';

/** A tag group (`models.TagGroup`), shown as the pseudo-tag "tag group:<name>" in the tags filter. */
export const TagGroup = z.object({
  id: UInt,
  name: z.string(),
  tag_group_tag_id: UInt,
  tag_group_tag: Tag.describe('the "tag group:<name>" pseudo-tag'),
  tags: z.array(Tag).nullable(),
});
export type TagGroup = z.infer<typeof TagGroup>;

/** GET /api/tag_group/list: every tag group, by name. */
export const TagGroupList = z.array(TagGroup);
export type TagGroupList = z.infer<typeof TagGroupList>;

/** POST /api/tag_group/create: a new group of the listed tags. */
export const TagGroupCreateBody = z.object({
  name: ShortText.trim().min(1, 'a name is required'),
  tagList: z.array(ShortText.min(1)).max(MAX_LIST_ITEMS).min(1, 'name at least one tag'),
});
export type TagGroupCreateBody = z.infer<typeof TagGroupCreateBody>;

/** POST /api/tag_group/add and /remove: the "tag group:<name>" entry plus the tags to add or remove. */
export const TagGroupTagListBody = z.object({
  tagList: z.array(ShortText.min(1)).max(MAX_LIST_ITEMS).min(2, 'name the group and at least one tag'),
});
export type TagGroupTagListBody = z.infer<typeof TagGroupTagListBody>;

/** POST /api/tag_group/rename: the new name, and the group's current "tag group:<old>" entry. */
export const TagGroupRenameBody = z.object({
  name: ShortText.trim().min(1, 'a name is required'),
  tagList: z.array(ShortText.min(1)).max(MAX_LIST_ITEMS).length(1, 'name the group to rename'),
});
export type TagGroupRenameBody = z.infer<typeof TagGroupRenameBody>;

/** POST /api/tag_group/delete: by name or id. Answer: the deleted TagGroup (404 when unknown). */
export const TagGroupDeleteBody = z
  .object({ name: ShortText.min(1).optional(), tag_group_id: UInt.optional() })
  .refine((b) => b.name !== undefined || b.tag_group_id !== undefined, {
    message: 'give name or tag_group_id',
  });
export type TagGroupDeleteBody = z.infer<typeof TagGroupDeleteBody>;

/**
 * GET /api/tag_group/{name}: the name as "tag group:<name>" (the prefix is stripped; a bare name works too). The
 * web UI puts the entry into the path unencoded, so spaces and colons arrive as they are or percent-encoded.
 */
export const TagGroupNameParam = z.object({ name: z.string().min(1).max(2_000) });
export type TagGroupNameParam = z.infer<typeof TagGroupNameParam>;

/**
 * Answer of tag-group create/add/remove/rename/get, always HTTP 200. `status` is "" when done; other text without
 * "Error: " lists skipped entries (done otherwise); "Tag Group Not Found" or "Error: ..." means nothing changed.
 * `tag_group` is the named group as it now is, or a zero group (id 0) when none was found or created.
 */
export const TagGroupResponse = z.object({ status: z.string(), tag_group: TagGroup });
export type TagGroupResponse = z.infer<typeof TagGroupResponse>;
