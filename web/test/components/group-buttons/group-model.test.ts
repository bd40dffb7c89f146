import { AKA_PREFIX, TAG_GROUP_PREFIX } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  GROUP_NAME_MAX_LENGTH,
  canSaveGroupName,
  groupButtonsEnabled,
  groupSelection,
  selectionAfterGroupChange,
} from '../../../src/components/group-buttons/group-model';
import type { GroupButtonsEnabled } from '../../../src/components/group-buttons/group-model';

const none: GroupButtonsEnabled = {
  create: false,
  delete: false,
  rename: false,
  add: false,
  remove: false,
  list: false,
};

/** The same selections for both prefixes: `g(x)` is a group entry, other names are members. */
describe.each([
  ['aka groups', AKA_PREFIX],
  ['tag groups', TAG_GROUP_PREFIX],
])('the group buttons of %s', (_kind, prefix) => {
  const g = (name: string) => `${prefix}${name}`;

  it('split the selection into groups and members, ignoring the mode prefix', () => {
    expect(groupSelection(['!Ann', g('Fav'), '&Bea', `!${g('Old')}`], prefix)).toEqual({
      groups: [g('Fav'), g('Old')],
      members: ['Ann', 'Bea'],
    });
  });

  it.each<[string, (g: (name: string) => string) => string[], Partial<GroupButtonsEnabled>]>([
    ['nothing chosen', () => [], {}],
    ['one member', () => ['Ann'], {}],
    ['two members', () => ['Ann', '!Bea'], { create: true }],
    ['three members', () => ['Ann', 'Bea', '&Cat'], { create: true }],
    ['one group alone', (group) => [group('Fav')], { delete: true, rename: true, list: true }],
    ['one excluded group alone', (group) => [`!${group('Fav')}`], { delete: true, rename: true, list: true }],
    ['a group and a member', (group) => [group('Fav'), 'Cat'], { add: true, remove: true, list: true }],
    [
      'two members and a group',
      (group) => ['Ann', 'Cat', group('Fav')],
      { add: true, remove: true, list: true },
    ],
    ['two groups', (group) => [group('A'), group('B')], {}],
    ['two groups and a member', (group) => [group('A'), group('B'), 'Ann'], {}],
  ])('enable by the selection: %s', (_label, entries, expected) => {
    expect(groupButtonsEnabled(entries(g), prefix)).toEqual({ ...none, ...expected });
  });

  it('do not take the other kind of group for a group', () => {
    const other = prefix === AKA_PREFIX ? `${TAG_GROUP_PREFIX}X` : `${AKA_PREFIX}X`;
    expect(groupButtonsEnabled([other, 'Ann'], prefix)).toEqual({ ...none, create: true });
  });
});

describe('the selection after a group change', () => {
  it('is the group entry, unless nothing was done (a zero group)', () => {
    expect(selectionAfterGroupChange(['Ann', 'Bea'], { id: 7, entry: 'aka:Ann,Bea' })).toEqual([
      'aka:Ann,Bea',
    ]);
    expect(selectionAfterGroupChange(['a', 'b'], { id: 3, entry: 'tag group:Fav' })).toEqual([
      'tag group:Fav',
    ]);
    expect(selectionAfterGroupChange(['Ann', 'Bea'], { id: 0, entry: '' })).toEqual(['Ann', 'Bea']);
    expect(selectionAfterGroupChange(['Ann', 'Bea'], { id: 5, entry: '' })).toEqual(['Ann', 'Bea']);
  });
});

describe('a group name', () => {
  it('is required (not blank) and bounded', () => {
    expect(canSaveGroupName('')).toBe(false);
    expect(canSaveGroupName('   ')).toBe(false);
    expect(canSaveGroupName(' Favourites ')).toBe(true);
    expect(canSaveGroupName('x'.repeat(GROUP_NAME_MAX_LENGTH))).toBe(true);
    expect(canSaveGroupName('x'.repeat(GROUP_NAME_MAX_LENGTH + 1))).toBe(false);
  });
});
