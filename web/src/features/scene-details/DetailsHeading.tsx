import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { scenePageUrl, type SceneSummary } from './scene-summary';

/** Site (linked to the scene's page), the members link when there is one, and the duration. */
export function DetailsHeading({ summary }: { summary: SceneSummary }) {
  const { t } = useTranslation();
  const page = scenePageUrl(summary);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="scene-details-heading">
      <Group gap="md" wrap="wrap">
        {page !== '' ? (
          <Anchor href={page} target="_blank" rel="noreferrer" fz="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {summary.site === '' ? t('sceneDetails.scenePage') : summary.site}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        ) : (
          <Text fz="sm">{summary.site}</Text>
        )}
        {summary.members_url !== '' && (
          <Anchor href={summary.members_url} target="_blank" rel="noreferrer" fz="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconLock size={14} />
              {t('sceneDetails.membersLink')}
            </Group>
          </Anchor>
        )}
      </Group>
      {summary.duration > 0 && (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('sceneDetails.minutes', { count: summary.duration })}
        </Text>
      )}
    </Group>
  );
}
