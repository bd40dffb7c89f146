import { TAG_GROUP_PREFIX } from '@fovea/contract';
import type { TagGroupResponse } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import {
  useAddToTagGroup,
  useCreateTagGroup,
  useDeleteTagGroup,
  useReadTagGroup,
  useRemoveFromTagGroup,
  useRenameTagGroup,
} from '../../../api/queries/tag-groups';
import { groupButtonsEnabled, groupSelection } from '../../../components/group-buttons/group-model';
import type { GroupButtonsEnabled } from '../../../components/group-buttons/group-model';
import { notifyDanger, notifyWarning } from '../../../components/notify';
import { afterTagGroupChange, afterTagGroupList, afterTagGroupRename } from './tag-group-model';
import type { TagGroupOutcome } from './tag-group-model';

export interface TagGroupActions {
  enabled: GroupButtonsEnabled;
  /** The chosen "tag group:<name>" entry ('' when none or several). */
  group: string;
  /** A call is on its way: every button waits. */
  busy: boolean;
  /** Create and rename call `onDone` once the change is made (not when the server refused it). */
  create: (name: string, onDone: () => void) => void;
  rename: (name: string, onDone: () => void) => void;
  /** Calls `onSettled` when the server has answered, done or not. */
  deleteGroup: (onSettled: () => void) => void;
  add: () => void;
  remove: () => void;
  list: () => void;
}

/**
 * The tag group calls on a tags selection, with their toasts and the selection each answer leaves
 * (tag-group-model.ts): create, add and remove select the group, delete clears the selection, rename selects
 * the renamed entry and listing selects the group's tags.
 */
export function useTagGroupActions(
  tags: readonly string[],
  onTagsChange: (tags: string[]) => void,
): TagGroupActions {
  const { t } = useTranslation();
  const createCall = useCreateTagGroup();
  const addCall = useAddToTagGroup();
  const removeCall = useRemoveFromTagGroup();
  const renameCall = useRenameTagGroup();
  const deleteCall = useDeleteTagGroup();
  const readCall = useReadTagGroup();
  const { groups, members } = groupSelection(tags, TAG_GROUP_PREFIX);
  const group = groups.length === 1 ? (groups[0] ?? '') : '';
  const busy = [createCall, addCall, removeCall, renameCall, deleteCall, readCall].some(
    (call) => call.isPending,
  );

  const apply = (outcome: TagGroupOutcome, onDone?: () => void) => {
    if (outcome.toast?.kind === 'warning') {
      notifyWarning(t('errors.warningStatus', { status: outcome.toast.status }));
    } else if (outcome.toast?.kind === 'danger') {
      notifyDanger(outcome.toast.status);
    }
    if (outcome.done) {
      onTagsChange(outcome.tags);
      onDone?.();
    }
  };
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));
  const changed = (onDone?: () => void) => ({
    onSuccess: (answer: TagGroupResponse) => apply(afterTagGroupChange(tags, answer), onDone),
    onError: failed,
  });

  return {
    enabled: groupButtonsEnabled(tags, TAG_GROUP_PREFIX),
    group,
    busy,
    create: (name, onDone) => createCall.mutate({ name, tags: members }, changed(onDone)),
    add: () => addCall.mutate({ group, tags: members }, changed()),
    remove: () => removeCall.mutate({ group, tags: members }, changed()),
    rename: (name, onDone) =>
      renameCall.mutate(
        { group, name },
        { onSuccess: (answer) => apply(afterTagGroupRename(tags, answer), onDone), onError: failed },
      ),
    deleteGroup: (onSettled) =>
      deleteCall.mutate(group, {
        onSuccess: () => onTagsChange([]),
        onError: failed,
        onSettled,
      }),
    list: () =>
      readCall.mutate(group, {
        onSuccess: (answer) => apply(afterTagGroupList(tags, answer)),
        onError: failed,
      }),
  };
}
