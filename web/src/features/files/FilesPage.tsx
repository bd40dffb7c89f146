import type { FileSortField } from '@fovea/contract';
import { Alert, Group, Loader, Pagination, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilesPage } from '../../api/queries/files';
import { EmptyState } from '../../components/EmptyState';
import { DEFAULT_FILE_PAGE_SIZE, FILE_PAGE_SIZES, toggleSort } from './file-filters';
import type { FilePageSize } from './file-filters';
import { FileFilterBar } from './FileFilterBar';
import { FilesActionDialogs } from './FilesActionDialogs';
import type { FileDialog } from './FilesActionDialogs';
import { FilesTable } from './FilesTable';
import { useFileFilters } from './use-file-filters';
import { useFilesLiveReload } from './use-files-live-reload';

/** Files: filter bar above the sortable, paged table of files on disk, with their actions. */
export default function FilesPage() {
  const { t } = useTranslation();
  const { filters, key, update } = useFileFilters();
  const [pageSize, setPageSize] = useState<FilePageSize>(DEFAULT_FILE_PAGE_SIZE);
  // The page belongs to one filter state: any filter change goes back to the first page.
  const [paging, setPaging] = useState({ key, page: 0 });
  const page = paging.key === key ? paging.page : 0;
  const request = useMemo(
    () => ({ ...filters, offset: page * pageSize, limit: pageSize }),
    [filters, page, pageSize],
  );
  const list = useFilesPage(request);
  const [dialog, setDialog] = useState<FileDialog>(null);
  useFilesLiveReload();

  const files = list.data?.files ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // The last page emptied (files removed elsewhere): show the new last page.
  if (list.data && !list.isPlaceholderData && files.length === 0 && page > 0 && page >= pages) {
    setPaging({ key, page: pages - 1 });
  }
  const sort = (field: FileSortField) => update({ sort: toggleSort(filters.sort, field) });

  return (
    <section aria-labelledby="files-title">
      <Title order={1} fz="h3" id="files-title" mb="md">
        {t('files.title')}
      </Title>
      <FileFilterBar filters={filters} onChange={update} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" gap="sm">
          <Group gap="xs">
            <Text size="sm" fw={500} data-testid="files-total">
              {list.data ? t('files.total', { count: total }) : ' '}
            </Text>
            {list.isFetching && <Loader size="xs" />}
          </Group>
          <Group gap="xs">
            <Text size="xs" c="dimmed" aria-hidden>
              {t('files.perPage')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={t('files.pageSize')}
              data={FILE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              value={String(pageSize)}
              onChange={(value) => {
                setPageSize(value === '25' ? 25 : 50);
                setPaging({ key, page: 0 });
              }}
            />
            <Pagination
              size="sm"
              total={pages}
              value={page + 1}
              onChange={(value) => setPaging({ key, page: value - 1 })}
              aria-label={t('files.pages')}
            />
          </Group>
        </Group>
        {list.isError && (
          <Alert color="red" variant="light" mb="sm">
            {t('files.loadFailed')}
          </Alert>
        )}
        {list.data && total === 0 ? (
          <EmptyState
            testId="files-empty"
            icon={<IconFileSearch size={28} stroke={1.5} />}
            title={t('files.empty')}
          />
        ) : (
          <FilesTable
            files={files}
            scenes={list.data?.scenes}
            sort={filters.sort}
            onSort={sort}
            handlers={{
              onPlay: (file) => setDialog({ kind: 'play', file }),
              onMatch: (file) => setDialog({ kind: 'match', file }),
              onUnmatch: (file) => setDialog({ kind: 'unmatch', file }),
              onCreateScene: (file) => setDialog({ kind: 'create', file }),
              onDelete: (file) => setDialog({ kind: 'delete', file }),
            }}
          />
        )}
      </Paper>
      <FilesActionDialogs dialog={dialog} files={files} onChange={setDialog} />
    </section>
  );
}
