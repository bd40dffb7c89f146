import {
  IconCursorText,
  IconListDetails,
  IconTagMinus,
  IconTagPlus,
  IconTags,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { GroupButtons } from '../../../components/group-buttons/GroupButtons';
import type { GroupButtonSpec } from '../../../components/group-buttons/GroupButtons';
import { GroupNameDialog } from '../../../components/group-buttons/GroupNameDialog';
import { tagGroupName } from './tag-group-model';
import { useTagGroupActions } from './use-tag-group-actions';

interface TagGroupButtonsProps {
  /** The tags selection (filter entries, with their mode prefixes). */
  tags: readonly string[];
  onTagsChange: (tags: string[]) => void;
}

/** Which prompt is open: the name of a new group, a new name, or the delete question. */
type OpenPrompt = 'create' | 'rename' | 'delete' | null;

/**
 * The tag group buttons under the scene tags picker (options-spec §4): New and Rename ask for a name, Delete
 * asks first, Add and Remove change the members, List puts the group's tags in the selection. Enabled by what
 * is chosen, as the aka group buttons are.
 */
export function TagGroupButtons({ tags, onTagsChange }: TagGroupButtonsProps) {
  const { t } = useTranslation();
  const actions = useTagGroupActions(tags, onTagsChange);
  const [prompt, setPrompt] = useState<OpenPrompt>(null);
  const close = () => setPrompt(null);
  const { enabled, busy } = actions;

  const button = (
    action: GroupButtonSpec['action'],
    icon: GroupButtonSpec['icon'],
    onClick: () => void,
  ): GroupButtonSpec => ({
    action,
    icon,
    label: t(`scenes.groups.${action}`),
    disabled: !enabled[action] || busy,
    onClick,
  });
  const buttons = [
    button('create', <IconTags size={14} />, () => setPrompt('create')),
    button('delete', <IconTrash size={14} />, () => setPrompt('delete')),
    button('add', <IconTagPlus size={14} />, actions.add),
    button('remove', <IconTagMinus size={14} />, actions.remove),
    button('rename', <IconCursorText size={14} />, () => setPrompt('rename')),
    button('list', <IconListDetails size={14} />, actions.list),
  ];

  return (
    <>
      <GroupButtons label={t('scenes.groups.label')} testIdPrefix="tag-group" buttons={buttons} />
      {(prompt === 'create' || prompt === 'rename') && (
        <GroupNameDialog
          title={t(prompt === 'create' ? 'scenes.groups.createTitle' : 'scenes.groups.renameTitle')}
          initialName={prompt === 'rename' ? tagGroupName(actions.group) : ''}
          busy={busy}
          onSave={(name) => (prompt === 'create' ? actions.create(name, close) : actions.rename(name, close))}
          onClose={close}
        />
      )}
      <ConfirmDialog
        opened={prompt === 'delete'}
        title={t('scenes.groups.deleteTitle')}
        text={t('scenes.groups.deleteText')}
        subject={tagGroupName(actions.group)}
        confirmLabel={t('groups.short.delete')}
        danger
        busy={busy}
        onConfirm={() => actions.deleteGroup(close)}
        onClose={close}
      />
    </>
  );
}
