import type { TagGroupResponse } from '@fovea/contract';
import { tag } from '../../../fixtures/contract-fixtures';

/**
 * A tag group answer: the group `name` with its member tags, or a zero group (id 0, no name) when nothing
 * was found or done.
 */
export function tagGroupAnswer(name: string, members: string[], status = '', id = 4): TagGroupResponse {
  const zero = id === 0;
  return {
    status,
    tag_group: {
      id,
      name: zero ? '' : name,
      tag_group_tag_id: zero ? 0 : 90,
      tag_group_tag: tag(zero ? 0 : 90, zero ? '' : `tag group:${name}`),
      tags: zero ? null : members.map((member, i) => tag(i + 1, member)),
    },
  };
}
