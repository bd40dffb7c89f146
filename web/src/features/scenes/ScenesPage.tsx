import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFolderPlus, IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLibrarySummary } from '../../api/queries/library';
import { EmptyState } from '../../components/EmptyState';

/** Scenes: filter column (one fifth) and the scene list (four fifths). */
export default function ScenesPage() {
  const { t } = useTranslation();
  const summary = useLibrarySummary().data;
  return (
    <Grid columns={5} gap="md">
      <Grid.Col span={{ base: 5, md: 1 }}>
        <Paper withBorder p="md" radius="md" component="aside" aria-labelledby="scene-filters-title">
          <Stack gap="xs">
            <Title order={2} fz="md" id="scene-filters-title">
              {t('scenes.filters')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('scenes.filtersHint')}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 5, md: 4 }}>
        <section aria-labelledby="scenes-title">
          <Title order={1} fz="h3" id="scenes-title" mb={4}>
            {t('scenes.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="scene-results-count">
            {summary
              ? t('scenes.libraryCount', { count: summary.scenes, available: summary.available_scenes })
              : ' '}
          </Text>
          {summary?.scenes === 0 && (
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
          )}
        </section>
      </Grid.Col>
    </Grid>
  );
}
