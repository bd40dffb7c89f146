import type { RouteSpec } from '../route-spec';
import {
  TagGroup,
  TagGroupCreateBody,
  TagGroupDeleteBody,
  TagGroupList,
  TagGroupNameParam,
  TagGroupRenameBody,
  TagGroupResponse,
  TagGroupTagListBody,
} from '../tag-group.schema';

/**
 * /api/tag_group (xbvr-wire §4.2). Create, add, remove, rename and get answer `{status, tag_group}` with HTTP 200;
 * a non-empty status is a warning or an error (then nothing changed and `tag_group` is a zero group).
 */
export const tagGroupRoutes = {
  tagGroupList: {
    method: 'GET',
    path: '/api/tag_group/list',
    response: TagGroupList,
  },
  tagGroupCreate: {
    method: 'POST',
    path: '/api/tag_group/create',
    body: TagGroupCreateBody,
    response: TagGroupResponse,
  },
  tagGroupAdd: {
    method: 'POST',
    path: '/api/tag_group/add',
    body: TagGroupTagListBody,
    response: TagGroupResponse,
  },
  tagGroupRemove: {
    method: 'POST',
    path: '/api/tag_group/remove',
    body: TagGroupTagListBody,
    response: TagGroupResponse,
  },
  tagGroupRename: {
    method: 'POST',
    path: '/api/tag_group/rename',
    body: TagGroupRenameBody,
    response: TagGroupResponse,
  },
  tagGroupDelete: {
    method: 'POST',
    path: '/api/tag_group/delete',
    body: TagGroupDeleteBody,
    response: TagGroup,
  },
  tagGroupGet: {
    method: 'GET',
    path: '/api/tag_group/{name}',
    params: TagGroupNameParam,
    response: TagGroupResponse,
  },
} as const satisfies Record<string, RouteSpec>;
