import { Avatar, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAlternateSources } from '../../api/queries/scene';
import { proxiedImage } from '../../components/proxied-image';
import type { AlternateSourceView } from './details-state';
import { alternateSceneData } from './scene-summary';

interface AlternateSourceBadgesProps {
  sceneId: number;
  onOpen: (view: AlternateSourceView) => void;
}

/** The alternate-site scenes linked to a scene, as site icons; one opens as a read-only view. */
export function AlternateSourceBadges({ sceneId, onOpen }: AlternateSourceBadgesProps) {
  const { t } = useTranslation();
  const sources = useAlternateSources(sceneId).data ?? [];
  if (sources.length === 0) return null;
  return (
    <Group gap="xs" data-testid="alternate-sources">
      <Text fz="sm" c="dimmed">
        {t('sceneDetails.alternate.sources', { count: sources.length })}
      </Text>
      {sources.map((source) => {
        const data = alternateSceneData(source);
        const title = data.scene.title === '' ? t('sceneDetails.noTitle') : data.scene.title;
        return (
          <Tooltip key={`${source.external_source}/${source.external_id}`} label={title}>
            <UnstyledButton
              aria-label={t('sceneDetails.alternate.open', { title })}
              onClick={() => onOpen({ source, data, parentId: sceneId })}
            >
              <Avatar src={proxiedImage(source.site_icon, 'x40') || null} size={28} radius="sm">
                <IconLink size={16} />
              </Avatar>
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
}
