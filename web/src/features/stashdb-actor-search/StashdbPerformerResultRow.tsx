import type { StashdbPerformerResult } from '@fovea/contract';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AliasBadges, PerformerThumb, StudioBadges } from './PerformerBadges';
import { performerImages } from './performer-results';

interface StashdbPerformerResultRowProps {
  result: StashdbPerformerResult;
  /** This result is being linked now. */
  linking: boolean;
  /** Another result is being linked: this one waits. */
  disabled: boolean;
  onLink: (result: StashdbPerformerResult) => void;
}

/**
 * One StashDB performer: picture, name (opens StashDB in a new window) and disambiguation, birth date,
 * aliases and studios (the ones matching the actor marked), score, Link.
 */
export function StashdbPerformerResultRow({
  result,
  linking,
  disabled,
  onLink,
}: StashdbPerformerResultRowProps) {
  const { t } = useTranslation();
  const images = performerImages(result);
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      data-testid="stashdb-actor-result"
      data-stash-id={result.Id}
    >
      <Stack gap={2} align="center" style={{ flexShrink: 0 }}>
        <PerformerThumb url={images.first} />
        {images.more > 0 && (
          <Text fz={10} c="dimmed">
            {t('stashdbActorSearch.moreImages', { count: images.more })}
          </Text>
        )}
      </Stack>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Anchor
              href={result.Url}
              target="_blank"
              rel="noreferrer"
              fw={600}
              fz="sm"
              title={t('stashdbActorSearch.openInStashdb')}
              data-testid="stashdb-actor-result-name"
            >
              <Group gap={4} component="span" wrap="nowrap">
                {result.Name}
                <IconExternalLink size={14} />
              </Group>
            </Anchor>
            {result.Disambiguation !== '' && (
              <Text fz="xs" c="dimmed" data-testid="stashdb-actor-result-disambiguation">
                ({result.Disambiguation})
              </Text>
            )}
          </Group>
          <Badge
            variant="light"
            color="gray"
            style={{ flexShrink: 0 }}
            data-testid="stashdb-actor-result-weight"
          >
            {t('stashdbActorSearch.score', { weight: result.Weight })}
          </Badge>
        </Group>
        {result.DOB !== '' && (
          <Text fz="xs" c="dimmed" data-testid="stashdb-actor-result-dob">
            {t('stashdbActorSearch.born', { date: result.DOB })}
          </Text>
        )}
        <AliasBadges result={result} />
        <StudioBadges result={result} />
      </Stack>
      <Button
        size="compact-sm"
        variant="light"
        loading={linking}
        disabled={disabled}
        onClick={() => onLink(result)}
      >
        {t('stashdbActorSearch.link')}
      </Button>
    </Group>
  );
}
