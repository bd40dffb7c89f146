import type { StashdbPerformerResult } from '@fovea/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ResultLinkButton,
  ResultScore,
  ResultThumb,
  ResultTitleLink,
} from '../stashdb-search/StashdbResultParts';
import type { StashdbResultRowProps } from '../stashdb-search/StashdbSearchFrame';
import { AliasBadges, StudioBadges } from './PerformerBadges';
import { performerImages } from './performer-results';

/**
 * One StashDB performer: picture, name (opens StashDB in a new window) and disambiguation, birth date,
 * aliases and studios (the ones matching the actor marked), score, Link.
 */
export function StashdbPerformerResultRow({
  result,
  linking,
  disabled,
  onLink,
}: StashdbResultRowProps<StashdbPerformerResult>) {
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
        <ResultThumb
          url={images.first}
          width={80}
          height={120}
          testId="stashdb-actor-result-image"
          blankTestId="stashdb-actor-result-blank"
        />
        {images.more > 0 && (
          <Text fz={10} c="dimmed">
            {t('stashdbActorSearch.moreImages', { count: images.more })}
          </Text>
        )}
      </Stack>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <ResultTitleLink
              href={result.Url}
              hint={t('stashdbActorSearch.openInStashdb')}
              testId="stashdb-actor-result-name"
            >
              {result.Name}
            </ResultTitleLink>
            {result.Disambiguation !== '' && (
              <Text fz="xs" c="dimmed" data-testid="stashdb-actor-result-disambiguation">
                ({result.Disambiguation})
              </Text>
            )}
          </Group>
          <ResultScore
            text={t('stashdbActorSearch.score', { weight: result.Weight })}
            testId="stashdb-actor-result-weight"
          />
        </Group>
        {result.DOB !== '' && (
          <Text fz="xs" c="dimmed" data-testid="stashdb-actor-result-dob">
            {t('stashdbActorSearch.born', { date: result.DOB })}
          </Text>
        )}
        <AliasBadges result={result} />
        <StudioBadges result={result} />
      </Stack>
      <ResultLinkButton
        label={t('stashdbActorSearch.link')}
        linking={linking}
        disabled={disabled}
        onClick={() => onLink(result)}
      />
    </Group>
  );
}
