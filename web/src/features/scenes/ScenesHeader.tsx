import { Box, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import type { CardSize, SceneDlState, SceneListResponse } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { CardSizeControl } from '../../components/CardSizeControl';
import { DL_STATES } from './scene-filter-model';

/** The download-state counts of a list answer, by state. */
export function dlStateCounts(response: SceneListResponse | undefined): Record<SceneDlState, number> | null {
  if (response === undefined) return null;
  return {
    any: response.count_any,
    available: response.count_available,
    downloaded: response.count_downloaded,
    missing: response.count_not_downloaded,
    hidden: response.count_hidden,
  };
}

interface ScenesHeaderProps {
  dlState: SceneDlState;
  cardSize: CardSize;
  /** The first page's answer: total and download-state counts; undefined while loading the first time. */
  response: SceneListResponse | undefined;
  fetching: boolean;
  onDlState: (dlState: SceneDlState) => void;
  onCardSize: (cardSize: CardSize) => void;
}

/** Title, results count, download-state tabs with their counts, and the card size (S/M/L). */
export function ScenesHeader({
  dlState,
  cardSize,
  response,
  fetching,
  onDlState,
  onCardSize,
}: ScenesHeaderProps) {
  const { t } = useTranslation();
  const counts = dlStateCounts(response);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
      <Box>
        <Title order={1} fz="h3" id="scenes-title">
          {t('scenes.title')}
        </Title>
        <Group gap={6} mih={22}>
          <Text size="sm" c="dimmed" data-testid="scene-results-count">
            {response ? t('scenes.resultsCount', { count: response.results }) : ' '}
          </Text>
          {fetching && <Loader size={12} data-testid="scenes-loading" />}
        </Group>
      </Box>
      <Group gap="sm" wrap="wrap" justify="flex-end" style={{ minWidth: 0 }}>
        <Box style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <SegmentedControl
            size="xs"
            aria-label={t('scenes.dlState.label')}
            data-testid="dl-state-tabs"
            value={dlState}
            onChange={(value) => {
              const next = DL_STATES.find((state) => state === value);
              if (next !== undefined) onDlState(next);
            }}
            data={DL_STATES.map((state) => ({
              value: state,
              label: counts
                ? t('scenes.dlState.withCount', { label: t(`scenes.dlState.${state}`), count: counts[state] })
                : t(`scenes.dlState.${state}`),
            }))}
          />
        </Box>
        <CardSizeControl screen="scenes" value={cardSize} onChange={onCardSize} />
      </Group>
    </Group>
  );
}
