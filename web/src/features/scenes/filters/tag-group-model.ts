import { TAG_GROUP_PREFIX } from '@fovea/contract';
import type { TagGroupResponse } from '@fovea/contract';
import { selectionAfterGroupChange } from '../../../components/group-buttons/group-model';

/*
 * What each tag group answer does to the tags selection and which toast it gives (options-spec §4, §8;
 * xbvr-wire §4.2: errors come with HTTP 200 and a non-empty status). Pure, so every outcome is testable alone.
 */

export interface TagGroupOutcome {
  /** The tags selection afterwards (the same entries when nothing changes). */
  tags: string[];
  /** False when nothing was done (the name prompt then stays open to try another name). */
  done: boolean;
  /** The status to show, and how: a warning for create, add and remove; danger for rename and listing. */
  toast: { kind: 'warning' | 'danger'; status: string } | null;
}

/** The group's name without the "tag group:" prefix (and without a mode prefix). */
export function tagGroupName(entry: string): string {
  const plain = entry.replace(/^[&!]/, '');
  return plain.startsWith(TAG_GROUP_PREFIX) ? plain.slice(TAG_GROUP_PREFIX.length) : plain;
}

/**
 * After create, add or remove: the group's "tag group:<name>" entry replaces the selection, unless nothing was
 * done (a zero group); a non-empty status is a warning either way.
 */
export function afterTagGroupChange(tags: readonly string[], answer: TagGroupResponse): TagGroupOutcome {
  const group = answer.tag_group;
  const next = selectionAfterGroupChange(tags, { id: group.id, entry: group.tag_group_tag.name });
  return {
    tags: next,
    done: group.id !== 0 && group.tag_group_tag.name !== '',
    toast: answer.status === '' ? null : { kind: 'warning', status: answer.status },
  };
}

/** After rename: a non-empty status is an error (danger) and nothing changes; else the renamed entry. */
export function afterTagGroupRename(tags: readonly string[], answer: TagGroupResponse): TagGroupOutcome {
  if (answer.status !== '') {
    return { tags: [...tags], done: false, toast: { kind: 'danger', status: answer.status } };
  }
  const next = selectionAfterGroupChange(tags, {
    id: answer.tag_group.id,
    entry: answer.tag_group.tag_group_tag.name,
  });
  return { tags: next, done: true, toast: null };
}

/** After listing: a non-empty status is an error (danger) and nothing changes; else the group's member tags. */
export function afterTagGroupList(tags: readonly string[], answer: TagGroupResponse): TagGroupOutcome {
  if (answer.status !== '') {
    return { tags: [...tags], done: false, toast: { kind: 'danger', status: answer.status } };
  }
  return { tags: (answer.tag_group.tags ?? []).map((tag) => tag.name), done: true, toast: null };
}
