import { filterEntryName } from '@fovea/contract';
import type { AkaResponse } from '@fovea/contract';

/*
 * The aka group buttons of the actor sidebar work on the cast selection (options-spec §4): an entry whose name
 * starts with "aka:" is a group, every other entry an actor. The mode of an entry (include or ! exclude) does
 * not matter here: the buttons use the names.
 */

export const AKA_PREFIX = 'aka:';

export interface AkaSelection {
  /** The "aka:..." group names chosen. */
  groups: string[];
  /** The other actor names chosen. */
  actors: string[];
}

export const isAkaName = (name: string): boolean => name.startsWith(AKA_PREFIX);

/** The cast selection split into groups and actors (names without their mode prefix). */
export function akaSelection(cast: readonly string[]): AkaSelection {
  const names = cast.map(filterEntryName);
  return { groups: names.filter(isAkaName), actors: names.filter((name) => !isAkaName(name)) };
}

export interface AkaButtons {
  /** New: two or more actors and no group. */
  create: boolean;
  /** Delete: exactly one group and nothing else. */
  remove: boolean;
  /** Add to group / Remove from group: exactly one group and at least one actor. */
  addOrRemoveMembers: boolean;
}

/** Which aka group buttons the cast selection enables. */
export function akaButtons(cast: readonly string[]): AkaButtons {
  const { groups, actors } = akaSelection(cast);
  return {
    create: actors.length >= 2 && groups.length === 0,
    remove: groups.length === 1 && actors.length === 0,
    addOrRemoveMembers: groups.length === 1 && actors.length >= 1,
  };
}

/**
 * The cast selection after a create, add or remove: the group's "aka:..." name replaces it; when nothing was
 * done (an "Error: ..." status, a zero group) the selection stays.
 */
export function castAfterAkaChange(cast: readonly string[], answer: AkaResponse): string[] {
  const name = answer.akas.aka_actor.name;
  return answer.akas.id === 0 || name === '' ? [...cast] : [name];
}
