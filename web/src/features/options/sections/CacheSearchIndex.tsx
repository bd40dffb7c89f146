import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  cacheKeys,
  useReindex,
  useSceneRefresh,
  useSearchIndexState,
} from '../../../api/queries/options-cache';
import { useLock, useRealtimeEvent } from '../../../app/realtime';
import { notifySuccess } from '../../../components/notify';
import { QueryGate } from './QueryGate';
import { saveFeedback } from './save-feedback';

function IndexActions({ indexing }: { indexing: boolean }) {
  const { t } = useTranslation();
  const reindex = useReindex();
  const sceneRefresh = useSceneRefresh();
  const { onError } = saveFeedback(t);
  return (
    <Group gap="lg" align="flex-start">
      <Stack gap={4} maw={320}>
        <Button
          leftSection={<IconSearch size={16} />}
          disabled={indexing}
          loading={reindex.isPending}
          data-testid="cache-reindex"
          onClick={() =>
            reindex.mutate(undefined, {
              onSuccess: () => notifySuccess(t('options.cache.reindexStarted')),
              onError,
            })
          }
        >
          {t('options.cache.reindex')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('options.cache.reindexDescription')}
        </Text>
      </Stack>
      <Stack gap={4} maw={320}>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={sceneRefresh.isPending}
          data-testid="cache-scene-refresh"
          onClick={() =>
            sceneRefresh.mutate(undefined, {
              onSuccess: () => notifySuccess(t('options.cache.sceneRefreshStarted')),
              onError,
            })
          }
        >
          {t('options.cache.sceneRefresh')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('options.cache.sceneRefreshDescription')}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * The search index: how many scenes it holds and whether it is being rebuilt (GET /api/options/state/search,
 * read again when the `index` lock changes over the websocket, never polled), Reindex (disabled while
 * indexing) and Scene refresh.
 */
export function CacheSearchIndex() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useSearchIndexState();
  const lock = useLock('index');
  useRealtimeEvent('lock.change', (event) => {
    if (event.name === 'index') void queryClient.invalidateQueries({ queryKey: cacheKeys.searchState });
  });

  return (
    <Paper withBorder p="md" radius="md" data-testid="cache-search-state">
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('options.cache.searchIndexState')}
        </Title>
        <QueryGate query={state} errorTestId="cache-search-state-error">
          {({ documentCount, inProgress }) => {
            // The lock keeps "pulsing" a moment after a quick rebuild, as the navbar's Running line does.
            const indexing = inProgress || lock.pulsing;
            return (
              <Stack gap="md">
                <Group gap="sm">
                  <Text fw={700} data-testid="cache-document-count">
                    {t('options.cache.documentCount', {
                      count: documentCount,
                      documents: documentCount.toLocaleString('en-GB'),
                    })}
                  </Text>
                  <Badge
                    variant="light"
                    color={indexing ? 'blue' : 'gray'}
                    leftSection={indexing ? <Loader size={10} color="blue" /> : undefined}
                    data-testid="cache-index-status"
                  >
                    {indexing ? t('options.cache.indexing') : t('options.cache.idle')}
                  </Badge>
                </Group>
                <IndexActions indexing={indexing} />
              </Stack>
            );
          }}
        </QueryGate>
      </Stack>
    </Paper>
  );
}
