import { Anchor, Group, Text } from '@mantine/core';
import { IconDeviceVisionPro } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface DetailsFooterProps {
  /** The public scene id (e.g. "slr-12345"). */
  sceneId: string;
  /** The numeric id of a real scene; null for an alternate-source view. */
  internalId: number | null;
  showInternalId: boolean;
  showHspLink: boolean;
}

/** The scene id line under the details: the public id, and per the advanced options the internal id and HereSphere link. */
export function DetailsFooter({ sceneId, internalId, showInternalId, showHspLink }: DetailsFooterProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" mt="md" data-testid="scene-details-footer">
      <Text fz="xs" c="dimmed" ff="monospace">
        {sceneId}
      </Text>
      {internalId !== null && showInternalId && (
        <Text fz="xs" c="dimmed" data-testid="scene-internal-id">
          {t('sceneDetails.internalId', { id: internalId })}
        </Text>
      )}
      {internalId !== null && showHspLink && (
        <Anchor
          href={`/heresphere/${internalId}`}
          target="_blank"
          rel="noreferrer"
          fz="xs"
          aria-label={t('sceneDetails.hspApiLink')}
          title={t('sceneDetails.hspApiLink')}
        >
          <Group gap={4} component="span" wrap="nowrap">
            <IconDeviceVisionPro size={14} />
            {t('sceneDetails.hspApi')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
