import { CUEPOINT_TABLE_PAGE_SIZE } from '@fovea/contract';
import type { Cuepoint } from '@fovea/contract';
import { ActionIcon, Group, Pagination, Rating, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './cuepoint-time';

interface CuepointTableProps {
  /** Sorted by time. */
  cuepoints: readonly Cuepoint[];
  /** 1-based, already within the pages. */
  page: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onSelect: (cuepoint: Cuepoint) => void;
  onDelete: (cuepoint: Cuepoint) => void;
  deletingId: number | null;
}

export const cuepointPageCount = (count: number): number =>
  Math.max(1, Math.ceil(count / CUEPOINT_TABLE_PAGE_SIZE));

/** The scene's cuepoints, 7 a page: name, track, start, end, rating; a click loads a row, the bin deletes it. */
export function CuepointTable({
  cuepoints,
  page,
  onPage,
  selectedId,
  onSelect,
  onDelete,
  deletingId,
}: CuepointTableProps) {
  const { t } = useTranslation();
  const rows = cuepoints.slice((page - 1) * CUEPOINT_TABLE_PAGE_SIZE, page * CUEPOINT_TABLE_PAGE_SIZE);
  const pages = cuepointPageCount(cuepoints.length);

  if (cuepoints.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm" data-testid="cuepoint-empty">
        {t('sceneCuepoints.empty')}
      </Text>
    );
  }
  return (
    <>
      <Table highlightOnHover verticalSpacing={4} fz="sm" data-testid="cuepoint-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sceneCuepoints.name')}</Table.Th>
            <Table.Th>{t('sceneCuepoints.track')}</Table.Th>
            <Table.Th>{t('sceneCuepoints.timeStart')}</Table.Th>
            <Table.Th>{t('sceneCuepoints.timeEnd')}</Table.Th>
            <Table.Th>{t('sceneCuepoints.rating')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cuepoint) => {
            const selected = cuepoint.id === selectedId;
            const end = cuepoint.time_end ?? 0;
            return (
              <Table.Tr
                key={cuepoint.id}
                onClick={() => onSelect(cuepoint)}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                aria-selected={selected}
                data-testid="cuepoint-row"
              >
                <Table.Td>{cuepoint.name}</Table.Td>
                <Table.Td>{cuepoint.track ?? ''}</Table.Td>
                <Table.Td ff="monospace">{formatClock(cuepoint.time_start)}</Table.Td>
                <Table.Td ff="monospace">{end > 0 ? formatClock(end) : ''}</Table.Td>
                <Table.Td>
                  <Rating value={cuepoint.rating} fractions={2} readOnly size="xs" />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('sceneCuepoints.delete')} openDelay={500}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('sceneCuepoints.deleteNamed', { name: cuepoint.name })}
                      loading={deletingId === cuepoint.id}
                      onClick={(event) => {
                        event.stopPropagation();
                        onDelete(cuepoint);
                      }}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="center" mt="xs">
          <Pagination total={pages} value={page} onChange={onPage} size="sm" data-testid="cuepoint-pages" />
        </Group>
      )}
    </>
  );
}
