import { TIMEOUTS } from '@fovea/contract';
import type { TagGroup, TagGroupResponse } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { sceneKeys } from '../query-keys';

/*
 * Tag group calls of the scene tags filter (xbvr-wire §4.2). Create, add, remove, rename and get answer
 * {status, tag_group} with HTTP 200: a non-empty status is a warning, or an error when nothing changed (then
 * tag_group is a zero group). A change alters the tag choices ("tag group:<name>" entries) and which scenes a
 * group entry matches, so the scene filter choices and the scene lists are refreshed after each one.
 */

function useRefreshAfterTagGroupChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sceneKeys.filters }),
      queryClient.invalidateQueries({ queryKey: sceneKeys.lists }),
    ]);
}

/** The group's "tag group:<name>" entry and the tags to add or remove. */
export interface TagGroupMembersChange {
  group: string;
  tags: string[];
}

/** POST /api/tag_group/create: a group of the named tags. */
export function useCreateTagGroup() {
  const refresh = useRefreshAfterTagGroupChange();
  return useMutation({
    mutationFn: ({ name, tags }: { name: string; tags: string[] }): Promise<TagGroupResponse> =>
      apiCall('tagGroupCreate', { body: { name, tagList: tags } }),
    onSettled: refresh,
  });
}

/** POST /api/tag_group/add: the group's entry first, then the tags to add. */
export function useAddToTagGroup() {
  const refresh = useRefreshAfterTagGroupChange();
  return useMutation({
    mutationFn: ({ group, tags }: TagGroupMembersChange): Promise<TagGroupResponse> =>
      apiCall('tagGroupAdd', { body: { tagList: [group, ...tags] } }),
    onSettled: refresh,
  });
}

/** POST /api/tag_group/remove (60 s timeout): the group's entry first, then the tags to take out. */
export function useRemoveFromTagGroup() {
  const refresh = useRefreshAfterTagGroupChange();
  return useMutation({
    mutationFn: ({ group, tags }: TagGroupMembersChange): Promise<TagGroupResponse> =>
      apiCall('tagGroupRemove', {
        body: { tagList: [group, ...tags] },
        timeoutMs: TIMEOUTS.tagGroupRemove,
      }),
    onSettled: refresh,
  });
}

/** POST /api/tag_group/rename: the new name, and the group's current "tag group:<old>" entry. */
export function useRenameTagGroup() {
  const refresh = useRefreshAfterTagGroupChange();
  return useMutation({
    mutationFn: ({ group, name }: { group: string; name: string }): Promise<TagGroupResponse> =>
      apiCall('tagGroupRename', { body: { name, tagList: [group] } }),
    onSettled: refresh,
  });
}

/** POST /api/tag_group/delete: the group by its "tag group:<name>" entry. Answers the deleted group. */
export function useDeleteTagGroup() {
  const refresh = useRefreshAfterTagGroupChange();
  return useMutation({
    mutationFn: (group: string): Promise<TagGroup> => apiCall('tagGroupDelete', { body: { name: group } }),
    onSettled: refresh,
  });
}

/**
 * GET /api/tag_group/{entry} (60 s timeout): the group with its member tags, read once when the owner asks
 * to list them (a mutation, so the button knows while it waits and nothing is cached).
 */
export function useReadTagGroup() {
  return useMutation({
    mutationFn: (group: string): Promise<TagGroupResponse> =>
      apiCall('tagGroupGet', { params: { name: group }, timeoutMs: TIMEOUTS.tagGroupGet }),
  });
}
