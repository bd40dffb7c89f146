import { filterEntryName } from '@fovea/contract';

/*
 * The group buttons of the filter sidebars (options-spec §4) work on one field's selection: an entry whose name
 * starts with the group prefix ("aka:" in cast, "tag group:" in tags) is a group, every other entry a member
 * (an actor, a tag). The mode of an entry (include, & must have, ! exclude) does not matter here: the buttons
 * use the names.
 */

/** Every action a group button can take; aka groups offer create, delete, add and remove. */
export type GroupAction = 'create' | 'delete' | 'rename' | 'add' | 'remove' | 'list';

export interface GroupSelection {
  /** The group entries chosen ("aka:..." or "tag group:..."), without their mode prefix. */
  groups: string[];
  /** The other names chosen, without their mode prefix. */
  members: string[];
}

/** The selection split into groups and members (names without their mode prefix). */
export function groupSelection(entries: readonly string[], prefix: string): GroupSelection {
  const names = entries.map(filterEntryName);
  return {
    groups: names.filter((name) => name.startsWith(prefix)),
    members: names.filter((name) => !name.startsWith(prefix)),
  };
}

/** Which group buttons a selection enables, one flag per action. */
export type GroupButtonsEnabled = Record<GroupAction, boolean>;

/**
 * The enabling rule of options-spec §4: New = two or more members and no group; Delete and Rename = exactly one
 * group and nothing else; Add and Remove = exactly one group and at least one member; List = exactly one group
 * (whatever else is chosen: listing replaces the selection).
 */
export function groupButtonsEnabled(entries: readonly string[], prefix: string): GroupButtonsEnabled {
  const { groups, members } = groupSelection(entries, prefix);
  const oneGroup = groups.length === 1;
  const groupAlone = oneGroup && members.length === 0;
  const groupAndMembers = oneGroup && members.length >= 1;
  return {
    create: members.length >= 2 && groups.length === 0,
    delete: groupAlone,
    rename: groupAlone,
    add: groupAndMembers,
    remove: groupAndMembers,
    list: oneGroup,
  };
}

/**
 * The selection after a create, add, remove or rename answered a group: the group's entry ("aka:...",
 * "tag group:...") replaces it; when nothing was done (a zero group: id 0 or no name) the selection stays.
 */
export function selectionAfterGroupChange(
  entries: readonly string[],
  answer: { id: number; entry: string },
): string[] {
  return answer.id === 0 || answer.entry === '' ? [...entries] : [answer.entry];
}

/** The longest group name the name prompt takes (the entry "tag group:<name>" must stay a short name). */
export const GROUP_NAME_MAX_LENGTH = 100;

/** A group name can be saved when it has more than blanks and is not too long. */
export function canSaveGroupName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed !== '' && trimmed.length <= GROUP_NAME_MAX_LENGTH;
}
