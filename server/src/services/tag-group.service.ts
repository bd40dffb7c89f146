import type {
  Tag,
  TagGroup,
  TagGroupCreateBody,
  TagGroupDeleteBody,
  TagGroupResponse,
} from '@fovea/contract';
import { NotFoundError } from '../http/http-errors';
import { toTag, type TagRow } from '../mappers/scene-parts.mapper';
import {
  TAG_GROUP_PREFIX,
  type TagGroupRepository,
  type TagGroupRow,
} from '../repositories/tag-group.repository';

/*
 * Tag group rules (options-spec §3, §4; xbvr-wire §4.2). Every answer is `{status, tag_group}` with HTTP 200.
 * - status "" = done; plain text = done, with warnings about entries that were skipped (comma-joined);
 *   "Tag Group Not Found" or "Error: ..." = nothing changed.
 * - `tag_group` is the group as it now is, or a zero group when no group was named, found or created (so the
 *   web UI keeps its selection when a change to a known group is refused).
 * - A member is an existing real tag; "tag group:..." entries are skipped with a warning. Tags may be in several
 *   groups. A group has at least one tag: removing its last tags is refused (delete the group instead).
 * - A group's name may not be taken by another group (nor by a leftover "tag group:<name>" tag) or by a tag.
 * - Filter prefixes (& must have, ! exclude) on entries are ignored: the UI sends its filter selection.
 */

const ZERO_TAG: Tag = { id: 0, scenes: null, name: '', clean: '', count: 0 };
const ZERO_GROUP: TagGroup = { id: 0, name: '', tag_group_tag_id: 0, tag_group_tag: ZERO_TAG, tags: null };

/** An entry of the tags filter without its & or ! prefix. */
function plain(entry: string): string {
  return entry.replace(/^[&!]/, '');
}

function isGroupEntry(entry: string): boolean {
  return plain(entry).startsWith(TAG_GROUP_PREFIX);
}

/** The group name of an entry: "tag group:Favourites" (or just "Favourites") -> "Favourites". */
export function tagGroupNameOf(entry: string): string {
  const name = plain(entry);
  return name.startsWith(TAG_GROUP_PREFIX) ? name.slice(TAG_GROUP_PREFIX.length) : name;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

interface ResolvedTags {
  tags: TagRow[];
  unknown: string[];
  warnings: string[];
}

export class TagGroupService {
  constructor(private readonly repo: TagGroupRepository) {}

  async list(): Promise<TagGroup[]> {
    return this.load(this.repo, await this.repo.listGroups());
  }

  async get(entry: string): Promise<TagGroupResponse> {
    const group = await this.repo.groupByName(tagGroupNameOf(entry));
    if (!group) return { status: 'Tag Group Not Found', tag_group: ZERO_GROUP };
    return this.answer(this.repo, group, []);
  }

  create(body: TagGroupCreateBody): Promise<TagGroupResponse> {
    const { name } = body;
    return this.repo.inTransaction(async (repo) => {
      const taken = await this.nameTaken(repo, name, null);
      if (taken) return { status: `Error: ${taken}`, tag_group: ZERO_GROUP };
      const resolved = await this.resolve(repo, body.tagList);
      const problems = resolved.unknown.map((tag) => `Tag ${tag} not found`);
      if (resolved.tags.length === 0) problems.push('a tag group needs at least one tag');
      if (problems.length > 0) {
        return { status: `Error: ${[...resolved.warnings, ...problems].join(', ')}`, tag_group: ZERO_GROUP };
      }
      const group = await repo.createGroup(name);
      await repo.addMembers(
        group.id,
        resolved.tags.map((tag) => tag.id),
      );
      await repo.refreshCounts([group.id]);
      return this.answer(repo, group, resolved.warnings);
    });
  }

  add(tagList: readonly string[]): Promise<TagGroupResponse> {
    return this.changeMembers(tagList, async (repo, group, tags, members, warnings) => {
      const adding = tags.filter((tag) => !members.has(tag.id));
      for (const tag of tags)
        if (members.has(tag.id)) warnings.push(`Tag ${tag.name} is already in the group`);
      await repo.addMembers(
        group.id,
        adding.map((tag) => tag.id),
      );
      return null;
    });
  }

  remove(tagList: readonly string[]): Promise<TagGroupResponse> {
    return this.changeMembers(tagList, async (repo, group, tags, members, warnings) => {
      const removing = tags.filter((tag) => members.has(tag.id));
      for (const tag of tags) if (!members.has(tag.id)) warnings.push(`Tag ${tag.name} is not in the group`);
      if (members.size - removing.length < 1) {
        return 'a tag group needs at least one tag; delete the group instead';
      }
      await repo.removeMembers(
        group.id,
        removing.map((tag) => tag.id),
      );
      return null;
    });
  }

  /** Renames the group named by `tagList[0]` ("tag group:<old>") to `name`. */
  rename(name: string, tagList: readonly string[]): Promise<TagGroupResponse> {
    const oldName = tagGroupNameOf(tagList[0] ?? '');
    return this.repo.inTransaction(async (repo) => {
      const group = await repo.groupByName(oldName);
      if (!group) return { status: 'Tag Group Not Found', tag_group: ZERO_GROUP };
      if (name === group.name) return this.answer(repo, group, []);
      const taken = await this.nameTaken(repo, name, group);
      if (taken) return this.answer(repo, group, [], taken);
      await repo.renameGroup(group, name);
      await repo.refreshCounts([group.id]);
      return this.answer(repo, { ...group, name }, []);
    });
  }

  /** Deletes a group (by id when given, else by name) with its pseudo-tag; answers it as it was. */
  delete(body: TagGroupDeleteBody): Promise<TagGroup> {
    return this.repo.inTransaction(async (repo) => {
      const group =
        body.tag_group_id !== undefined
          ? await repo.groupById(body.tag_group_id)
          : await repo.groupByName(tagGroupNameOf(body.name ?? ''));
      if (!group) throw new NotFoundError(`Tag group ${body.tag_group_id ?? body.name ?? ''} not found`);
      const [before] = await this.load(repo, [group]);
      await repo.deleteGroup(group);
      return before ?? ZERO_GROUP;
    });
  }

  /**
   * Add or remove: the list holds exactly one "tag group:..." entry and the tags. `change` may refuse with a
   * problem text (nothing is then written: the transaction has not written anything yet).
   */
  private changeMembers(
    tagList: readonly string[],
    change: (
      repo: TagGroupRepository,
      group: TagGroupRow,
      tags: TagRow[],
      members: ReadonlySet<number>,
      warnings: string[],
    ) => Promise<string | null>,
  ): Promise<TagGroupResponse> {
    const groupEntries = unique(tagList.filter(isGroupEntry).map(tagGroupNameOf));
    const [groupName] = groupEntries;
    if (groupName === undefined || groupEntries.length > 1) {
      return Promise.resolve({ status: 'Error: name exactly one tag group', tag_group: ZERO_GROUP });
    }
    return this.repo.inTransaction(async (repo) => {
      const group = await repo.groupByName(groupName);
      if (!group) return { status: 'Tag Group Not Found', tag_group: ZERO_GROUP };
      const resolved = await this.resolve(
        repo,
        tagList.filter((entry) => !isGroupEntry(entry)),
      );
      const warnings = [...resolved.warnings, ...resolved.unknown.map((tag) => `Tag ${tag} not found`)];
      const members = new Set((await repo.membersOf([group.id])).map((tag) => tag.id));
      const problem = await change(repo, group, resolved.tags, members, warnings);
      if (problem !== null) return this.answer(repo, group, warnings, problem);
      await repo.refreshCounts([group.id]);
      return this.answer(repo, group, warnings);
    });
  }

  /** Member candidates: existing real tags (in the order given); group entries and unknown names set aside. */
  private async resolve(repo: TagGroupRepository, entries: readonly string[]): Promise<ResolvedTags> {
    const names = unique(entries.map(plain));
    const rows = new Map((await repo.tagsByNames(names)).map((tag) => [tag.name, tag]));
    const result: ResolvedTags = { tags: [], unknown: [], warnings: [] };
    for (const name of names) {
      const tag = rows.get(name);
      if (name.startsWith(TAG_GROUP_PREFIX) || tag?.is_tag_group === 1) {
        result.warnings.push(`${name} is a tag group and cannot be in a tag group`);
      } else if (tag) result.tags.push(tag);
      else result.unknown.push(name);
    }
    return result;
  }

  /** Why `name` cannot name a group (other than `self`), or null when it is free. */
  private async nameTaken(
    repo: TagGroupRepository,
    name: string,
    self: TagGroupRow | null,
  ): Promise<string | null> {
    const group = await repo.groupByName(name);
    if (group && group.id !== self?.id) return `Tag Group ${name} already exists`;
    for (const tag of await repo.tagsByNames([TAG_GROUP_PREFIX + name, name])) {
      if (tag.id === self?.tag_group_tag_id) continue;
      return tag.name === name ? `Tag ${name} already exists` : `Tag Group ${name} already exists`;
    }
    return null;
  }

  /** The group reloaded, with warnings and an optional problem (which makes the status an error). */
  private async answer(
    repo: TagGroupRepository,
    group: TagGroupRow,
    warnings: readonly string[],
    problem?: string,
  ): Promise<TagGroupResponse> {
    const [tagGroup] = await this.load(repo, [group]);
    const status =
      problem === undefined ? warnings.join(', ') : `Error: ${[...warnings, problem].join(', ')}`;
    return { status, tag_group: tagGroup ?? ZERO_GROUP };
  }

  /** Wire groups with their pseudo-tags and members, in two batched queries. */
  private async load(repo: TagGroupRepository, groups: readonly TagGroupRow[]): Promise<TagGroup[]> {
    const pseudoIds = groups.flatMap((group) =>
      group.tag_group_tag_id === null ? [] : [group.tag_group_tag_id],
    );
    const [pseudoTags, members] = await Promise.all([
      repo.tagsByIds(pseudoIds),
      repo.membersOf(groups.map((group) => group.id)),
    ]);
    const pseudoById = new Map(pseudoTags.map((tag) => [tag.id, tag]));
    const membersOf = new Map<number, Tag[]>();
    for (const member of members) {
      const list = membersOf.get(member.tag_group_id) ?? [];
      list.push(toTag(member));
      membersOf.set(member.tag_group_id, list);
    }
    return groups.map((group) => {
      const pseudo = group.tag_group_tag_id === null ? undefined : pseudoById.get(group.tag_group_tag_id);
      return {
        id: group.id,
        name: group.name,
        tag_group_tag_id: pseudo?.id ?? 0,
        tag_group_tag: pseudo ? toTag(pseudo) : ZERO_TAG,
        tags: membersOf.get(group.id) ?? [],
      };
    });
  }
}
