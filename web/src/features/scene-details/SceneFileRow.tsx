import type { File, FileType } from '@fovea/contract';
import { ActionIcon, Group, Paper, Radio, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconDeviceVisionPro,
  IconFileCode,
  IconSubtitles,
  IconTrash,
  IconUnlink,
  IconVideo,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileFacts, heatmapUrl } from './scene-files';

const TYPE_ICON: Record<FileType, ReactNode> = {
  video: <IconVideo size={16} />,
  script: <IconFileCode size={16} />,
  hsp: <IconDeviceVisionPro size={16} />,
  subtitles: <IconSubtitles size={16} />,
};

interface SceneFileRowProps {
  file: File;
  /** The radio group name of the scene's scripts. */
  scriptGroup: string;
  onSelectScript: (file: File) => void;
  onUnmatch: (file: File) => void;
  onDelete: (file: File) => void;
}

/** One file of the Files tab: its kind, name, path and facts, a script's heatmap and choice, unmatch and delete. */
export function SceneFileRow({ file, scriptGroup, onSelectScript, onUnmatch, onDelete }: SceneFileRowProps) {
  const { t } = useTranslation();
  const typeLabel = t(`sceneDetails.files.type.${file.type}`);
  return (
    <Paper withBorder p="xs" radius="md" data-testid="scene-file" data-file-type={file.type}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Tooltip label={typeLabel}>
          <ThemeIcon variant="light" color={file.type === 'video' ? 'teal' : 'gray'} aria-label={typeLabel}>
            {TYPE_ICON[file.type]}
          </ThemeIcon>
        </Tooltip>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="scene-file-name">
            {file.filename}
          </Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {file.path}
          </Text>
          <Text fz="xs" data-testid="scene-file-facts">
            {fileFacts(file)}
          </Text>
          {file.type === 'script' && (
            <Radio
              size="xs"
              mt={4}
              name={scriptGroup}
              checked={file.is_selected_script}
              onChange={() => onSelectScript(file)}
              label={t('sceneDetails.files.selectScript')}
            />
          )}
          {file.type === 'script' && file.has_heatmap && (
            <img
              src={heatmapUrl(file.id)}
              alt={t('sceneDetails.files.heatmap', { name: file.filename })}
              style={{ width: '100%', height: 20, border: '1px solid var(--mantine-color-default-border)' }}
            />
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('sceneDetails.files.unmatch')}>
            <ActionIcon
              variant="default"
              aria-label={t('sceneDetails.files.unmatch')}
              onClick={() => onUnmatch(file)}
            >
              <IconUnlink size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('sceneDetails.files.delete')}>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={t('sceneDetails.files.delete')}
              onClick={() => onDelete(file)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
