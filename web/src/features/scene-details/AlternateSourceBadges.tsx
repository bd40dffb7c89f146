import { Anchor, Avatar, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { AlternateSourceItem } from '@fovea/contract';
import { IconDatabase, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAlternateScene, isStashdbScene, useAlternateSources } from '../../api/queries/scene';
import { proxiedImage } from '../../components/proxied-image';
import type { AlternateSourceView } from './details-state';
import { alternateSceneData, stashdbSourceTitle } from './scene-summary';

interface AlternateSourceBadgesProps {
  sceneId: number;
  onOpen: (view: AlternateSourceView) => void;
}

const sourceKey = (source: AlternateSourceItem) => `${source.external_source}/${source.external_id}`;

/**
 * The scenes linked to a scene, as site icons: an alternate-site scene opens as a read-only view; a StashDB
 * scene opens on StashDB in a new window.
 */
export function AlternateSourceBadges({ sceneId, onOpen }: AlternateSourceBadgesProps) {
  const { t } = useTranslation();
  const sources = useAlternateSources(sceneId).data ?? [];
  const alternates = sources.filter(isAlternateScene);
  const stashLinks = sources.filter(isStashdbScene);
  if (sources.length === 0) return null;
  return (
    <Group gap="xs" data-testid="alternate-sources">
      {alternates.length > 0 && (
        <Text fz="sm" c="dimmed">
          {t('sceneDetails.alternate.sources', { count: alternates.length })}
        </Text>
      )}
      {alternates.map((source) => {
        const data = alternateSceneData(source);
        const title = data.scene.title === '' ? t('sceneDetails.noTitle') : data.scene.title;
        return (
          <Tooltip key={sourceKey(source)} label={title}>
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
      {stashLinks.map((source) => {
        const title = stashdbSourceTitle(source) || t('sceneDetails.noTitle');
        return (
          <Tooltip key={sourceKey(source)} label={t('sceneDetails.alternate.stashdb', { title })}>
            <Anchor
              href={source.url}
              target="_blank"
              rel="noreferrer"
              aria-label={t('sceneDetails.alternate.openStashdb', { title })}
              data-testid="stashdb-link"
            >
              {/* Drawn here rather than StashDB's favicon, so it shows offline too. */}
              <Avatar size={28} radius="sm" color="indigo" variant="light">
                <IconDatabase size={16} />
              </Avatar>
            </Anchor>
          </Tooltip>
        );
      })}
    </Group>
  );
}
