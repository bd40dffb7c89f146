import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLibrarySummary } from '../../api/queries/library';
import { EmptyState } from '../../components/EmptyState';

/** Files: filter bar above the table of files on disk. */
export default function FilesPage() {
  const { t } = useTranslation();
  const unmatched = useLibrarySummary().data?.unmatched_files;
  return (
    <section aria-labelledby="files-title">
      <Title order={1} fz="h3" id="files-title" mb="md">
        {t('files.title')}
      </Title>
      <Paper withBorder p="md" radius="md" mb="md" aria-labelledby="files-filters-title" component="section">
        <Stack gap={4}>
          <Title order={2} fz="md" id="files-filters-title">
            {t('files.filters')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('files.filtersHint')}
          </Text>
        </Stack>
      </Paper>
      {unmatched === 0 && (
        <EmptyState
          testId="files-empty"
          icon={<IconFileSearch size={28} stroke={1.5} />}
          title={t('files.empty')}
        />
      )}
      {unmatched !== undefined && unmatched > 0 && (
        <Text size="sm" c="dimmed" data-testid="files-unmatched-count">
          {t('files.unmatchedCount', { count: unmatched })}
        </Text>
      )}
    </section>
  );
}
