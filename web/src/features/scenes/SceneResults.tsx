import { Button, Center, Loader } from '@mantine/core';
import type { Scene, WebOptions } from '@fovea/contract';
import { IconFolderPlus, IconMovie, IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLibrarySummary } from '../../api/queries/library';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { SceneGrid } from './cards/SceneGrid';

interface SceneResultsProps {
  scenes: Scene[];
  /** undefined until the first answer. */
  total: number | undefined;
  cardSize: 1 | 2 | 3;
  webOptions: WebOptions | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  error: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The cards of the loaded pages (the grid has Load more), and the loading, failed and empty states. */
export function SceneResults(props: SceneResultsProps) {
  const { t } = useTranslation();
  const summary = useLibrarySummary().data;
  const { scenes, total, webOptions } = props;
  if (props.error && total === undefined) {
    return (
      <LoadFailedAlert testId="scenes-load-failed" message={t('scenes.loadFailed')} onRetry={props.onRetry} />
    );
  }
  if (total === undefined || webOptions === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (total === 0) {
    return summary?.scenes === 0 ? (
      <EmptyState
        testId="scenes-empty"
        icon={<IconMovie size={28} stroke={1.5} />}
        title={t('scenes.emptyTitle')}
        hint={t('scenes.emptyHint')}
        action={
          <Button
            component={Link}
            to="/options?section=storage"
            variant="light"
            mt="sm"
            leftSection={<IconFolderPlus size={16} />}
          >
            {t('scenes.addStorage')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        testId="scenes-no-results"
        icon={<IconMoodEmpty size={28} stroke={1.5} />}
        title={t('scenes.noResults')}
        hint={t('scenes.noResultsHint')}
      />
    );
  }
  return (
    <SceneGrid
      scenes={scenes}
      cardSize={props.cardSize}
      webOptions={webOptions}
      hasMore={props.hasMore}
      onLoadMore={props.onLoadMore}
      loadingMore={props.loadingMore}
    />
  );
}
