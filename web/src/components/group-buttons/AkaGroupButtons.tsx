import { AKA_PREFIX } from '@fovea/contract';
import type { AkaResponse } from '@fovea/contract';
import { IconTrash, IconUserMinus, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client';
import { useAddToAka, useCreateAka, useDeleteAka, useRemoveFromAka } from '../../api/queries/akas';
import { ConfirmDialog } from '../ConfirmDialog';
import { notifyDanger, notifyWarning } from '../notify';
import { GroupButtons } from './GroupButtons';
import type { GroupButtonSpec } from './GroupButtons';
import { groupButtonsEnabled, groupSelection, selectionAfterGroupChange } from './group-model';

interface AkaGroupButtonsProps {
  /** The cast selection (filter entries, with their mode prefixes). */
  cast: readonly string[];
  onCastChange: (cast: string[]) => void;
}

/** The cast selection after a create, add or remove answered. */
const castAfter = (cast: readonly string[], answer: AkaResponse): string[] =>
  selectionAfterGroupChange(cast, { id: answer.akas.id, entry: answer.akas.aka_actor.name });

/**
 * New, Delete, Add to and Remove from an aka group, working on a cast selection (options-spec §4) in the actor
 * sidebar and the scene cast filter: enabled by what is chosen; after New, Add or Remove the group's "aka:..."
 * name replaces the selection, after Delete (asked first, as for a tag group) the selection is cleared; a
 * non-empty status is a warning.
 */
export function AkaGroupButtons({ cast, onCastChange }: AkaGroupButtonsProps) {
  const { t } = useTranslation();
  const create = useCreateAka();
  const add = useAddToAka();
  const remove = useRemoveFromAka();
  const deleteGroup = useDeleteAka();
  const enabled = groupButtonsEnabled(cast, AKA_PREFIX);
  const { groups, members: actors } = groupSelection(cast, AKA_PREFIX);
  const group = groups[0] ?? '';
  const [confirming, setConfirming] = useState(false);
  const busy = create.isPending || add.isPending || remove.isPending || deleteGroup.isPending;

  const answered = (answer: AkaResponse) => {
    if (answer.status !== '') notifyWarning(t('errors.warningStatus', { status: answer.status }));
    onCastChange(castAfter(cast, answer));
  };
  const failed = (error: Error) => {
    if (error instanceof ApiRequestError && error.status === 404) {
      notifyWarning(t('errors.warningStatus', { status: t('groups.aka.actorMissing') }));
    } else {
      notifyDanger(t('errors.errorMessage', { message: error.message }));
    }
  };
  const handlers = { onSuccess: answered, onError: failed };

  const buttons: GroupButtonSpec[] = [
    {
      action: 'create',
      icon: <IconUsersGroup size={14} />,
      label: t('groups.aka.create'),
      disabled: !enabled.create || busy,
      onClick: () => create.mutate(actors, handlers),
    },
    {
      action: 'delete',
      icon: <IconTrash size={14} />,
      label: t('groups.aka.delete'),
      disabled: !enabled.delete || busy,
      onClick: () => setConfirming(true),
    },
    {
      action: 'add',
      icon: <IconUserPlus size={14} />,
      label: t('groups.aka.add'),
      disabled: !enabled.add || busy,
      onClick: () => add.mutate({ group, actors }, handlers),
    },
    {
      action: 'remove',
      icon: <IconUserMinus size={14} />,
      label: t('groups.aka.remove'),
      disabled: !enabled.remove || busy,
      onClick: () => remove.mutate({ group, actors }, handlers),
    },
  ];
  return (
    <>
      <GroupButtons label={t('groups.aka.label')} testIdPrefix="aka" buttons={buttons} />
      <ConfirmDialog
        opened={confirming}
        title={t('groups.aka.deleteTitle')}
        text={t('groups.aka.deleteText')}
        subject={group}
        confirmLabel={t('groups.short.delete')}
        danger
        busy={deleteGroup.isPending}
        onConfirm={() =>
          deleteGroup.mutate(group, {
            onSuccess: () => onCastChange([]),
            onError: failed,
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
