import { describe, expect, it } from 'vitest';
import {
  afterTagGroupChange,
  afterTagGroupList,
  afterTagGroupRename,
  tagGroupName,
} from '../../../../src/features/scenes/filters/tag-group-model';
import { tagGroupAnswer } from './tag-group-fixtures';

const chosen = ['pov', '!outdoor'];

describe('a tag group answer', () => {
  it('names the group without its prefixes', () => {
    expect(tagGroupName('tag group:Favourites')).toBe('Favourites');
    expect(tagGroupName('!tag group:Favourites')).toBe('Favourites');
    expect(tagGroupName('&tag group:tag group:x')).toBe('tag group:x');
  });

  it('after create, add or remove selects the group, warning about a non-empty status', () => {
    expect(afterTagGroupChange(chosen, tagGroupAnswer('Fav', ['pov', 'outdoor']))).toEqual({
      tags: ['tag group:Fav'],
      done: true,
      toast: null,
    });
    expect(
      afterTagGroupChange(chosen, tagGroupAnswer('Fav', ['pov'], 'Tag outdoor is already in the group')),
    ).toEqual({
      tags: ['tag group:Fav'],
      done: true,
      toast: { kind: 'warning', status: 'Tag outdoor is already in the group' },
    });
  });

  it('after create, add or remove keeps the selection when nothing was done (a zero group)', () => {
    const refused = tagGroupAnswer('', [], 'Error: Tag Group Fav already exists', 0);
    expect(afterTagGroupChange(chosen, refused)).toEqual({
      tags: chosen,
      done: false,
      toast: { kind: 'warning', status: 'Error: Tag Group Fav already exists' },
    });
  });

  it('after rename selects the renamed entry, or changes nothing on a status (danger)', () => {
    expect(afterTagGroupRename(['tag group:Old'], tagGroupAnswer('New', ['pov']))).toEqual({
      tags: ['tag group:New'],
      done: true,
      toast: null,
    });
    const taken = tagGroupAnswer('Old', ['pov'], 'Error: Tag Group New already exists');
    expect(afterTagGroupRename(['tag group:Old'], taken)).toEqual({
      tags: ['tag group:Old'],
      done: false,
      toast: { kind: 'danger', status: 'Error: Tag Group New already exists' },
    });
  });

  it('after listing selects the member tags, or changes nothing on a status (danger)', () => {
    expect(afterTagGroupList(['tag group:Fav'], tagGroupAnswer('Fav', ['pov', 'dance']))).toEqual({
      tags: ['pov', 'dance'],
      done: true,
      toast: null,
    });
    expect(afterTagGroupList(['tag group:Gone'], tagGroupAnswer('', [], 'Tag Group Not Found', 0))).toEqual({
      tags: ['tag group:Gone'],
      done: false,
      toast: { kind: 'danger', status: 'Tag Group Not Found' },
    });
  });
});
