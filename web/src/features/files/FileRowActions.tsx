import type { File } from '@fovea/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconLink, IconLinkOff, IconPlayerPlay, IconSquarePlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FileActionHandlers {
  onPlay: (file: File) => void;
  onMatch: (file: File) => void;
  onUnmatch: (file: File) => void;
  onCreateScene: (file: File) => void;
  onDelete: (file: File) => void;
}

function Action({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={500}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Play (video files), Match or Unmatch, Create custom scene, Delete from disk. */
export function FileRowActions({ file, handlers }: { file: File; handlers: FileActionHandlers }) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {file.type === 'video' && (
        <Action label={t('files.actions.play')} onClick={() => handlers.onPlay(file)}>
          <IconPlayerPlay size={18} />
        </Action>
      )}
      {file.scene_id === 0 ? (
        <Action label={t('files.actions.match')} onClick={() => handlers.onMatch(file)}>
          <IconLink size={18} />
        </Action>
      ) : (
        <Action label={t('files.actions.unmatch')} onClick={() => handlers.onUnmatch(file)}>
          <IconLinkOff size={18} />
        </Action>
      )}
      <Action label={t('files.actions.createScene')} onClick={() => handlers.onCreateScene(file)}>
        <IconSquarePlus size={18} />
      </Action>
      <Action label={t('files.actions.delete')} color="red" onClick={() => handlers.onDelete(file)}>
        <IconTrash size={18} />
      </Action>
    </Group>
  );
}
