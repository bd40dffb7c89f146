import type { StashdbSceneResult } from '@fovea/contract';
import { Group, Stack, Text } from '@mantine/core';
import type { StashdbResultRowProps } from './StashdbSearchFrame';
import { useTranslation } from 'react-i18next';
import { ResultLinkButton, ResultScore, ResultThumb, ResultTitleLink } from './StashdbResultParts';
import { performerNames, resultFacts } from './stashdb-results';

const THUMB_WIDTH = 120;
const THUMB_HEIGHT = 68;

/** One StashDB scene: picture, title (opens StashDB in a new window), facts, cast, description, score, Link. */
export function StashdbSceneResultRow({
  result,
  linking,
  disabled,
  onLink,
}: StashdbResultRowProps<StashdbSceneResult>) {
  const { t } = useTranslation();
  const facts = resultFacts(result);
  const performers = performerNames(result);
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="stashdb-result" data-stash-id={result.Id}>
      <ResultThumb
        url={result.ImageUrl}
        width={THUMB_WIDTH}
        height={THUMB_HEIGHT}
        testId="stashdb-result-image"
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <ResultTitleLink
            href={result.Url}
            hint={t('stashdbSearch.openInStashdb')}
            testId="stashdb-result-title"
          >
            {result.Title === '' ? t('sceneDetails.noTitle') : result.Title}
          </ResultTitleLink>
          <ResultScore
            text={t('stashdbSearch.score', { weight: result.Weight })}
            testId="stashdb-result-weight"
          />
        </Group>
        {facts !== '' && (
          <Text fz="xs" c="dimmed" data-testid="stashdb-result-facts">
            {facts}
          </Text>
        )}
        {performers !== '' && (
          <Text fz="xs" data-testid="stashdb-result-performers">
            {performers}
          </Text>
        )}
        {result.Description !== '' && (
          <Text fz="xs" c="dimmed" lineClamp={3} data-testid="stashdb-result-description">
            {result.Description}
          </Text>
        )}
      </Stack>
      <ResultLinkButton
        label={t('stashdbSearch.link')}
        linking={linking}
        disabled={disabled}
        onClick={() => onLink(result)}
      />
    </Group>
  );
}
