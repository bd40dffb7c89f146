import { ActionIcon, Badge, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { StorageVolume } from '@fovea/contract';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconCircleCheck,
  IconCloud,
  IconFolder,
  IconRefresh,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_STORAGE_SORT,
  STORAGE_SORT_COLUMNS,
  formatBytes,
  formatScanTime,
  nextSort,
  sortVolumes,
} from './storage-table';
import type { StorageSort, StorageSortColumn } from './storage-table';

interface StorageTableProps {
  volumes: readonly StorageVolume[];
  /** A rescan is running: the per-row rescan waits. */
  rescanBusy: boolean;
  onRescan: (volume: StorageVolume) => void;
  onRemove: (volume: StorageVolume) => void;
}

/** Every column but the path keeps to one line, so the path gets the spare width. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** Badges keep their whole label (Mantine would cut it with an ellipsis in a narrow cell). */
const BADGE_STYLES = { label: { overflow: 'visible' } } as const;
const NUMERIC: ReadonlySet<StorageSortColumn> = new Set(['files', 'unmatched', 'size']);

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: StorageSortColumn;
  sort: StorageSort;
  onSort: (column: StorageSortColumn) => void;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={NO_WRAP}
    >
      <UnstyledButton onClick={() => onSort(column)} data-testid={`storage-sort-${column}`}>
        <Group gap={4} wrap="nowrap" justify={NUMERIC.has(column) ? 'flex-end' : 'flex-start'}>
          <Text fw={600} size="sm">
            {t(`options.storage.columns.${column}`)}
          </Text>
          <Icon size={14} stroke={1.5} opacity={active ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function StorageRow({
  volume,
  rescanBusy,
  onRescan,
  onRemove,
}: Omit<StorageTableProps, 'volumes'> & { volume: StorageVolume }) {
  const { t } = useTranslation();
  const scanned = formatScanTime(volume.last_scan);
  return (
    <Table.Tr data-testid={`storage-row-${volume.id}`}>
      <Table.Td style={{ overflowWrap: 'anywhere' }} miw={160}>
        <Text size="sm" ff="monospace" data-testid="storage-path">
          {volume.path}
        </Text>
      </Table.Td>
      <Table.Td style={NO_WRAP}>
        <Badge
          variant="light"
          tt="none"
          styles={BADGE_STYLES}
          color={volume.type === 'local' ? 'gray' : 'blue'}
          leftSection={volume.type === 'local' ? <IconFolder size={12} /> : <IconCloud size={12} />}
        >
          {t(`options.storage.types.${volume.type}`)}
        </Badge>
      </Table.Td>
      <Table.Td style={NO_WRAP}>
        <Tooltip
          label={t(volume.is_available ? 'options.storage.availableHint' : 'options.storage.unavailableHint')}
        >
          <Badge
            variant="light"
            tt="none"
            styles={BADGE_STYLES}
            color={volume.is_available ? 'teal' : 'red'}
            leftSection={
              volume.is_available ? <IconCircleCheck size={12} /> : <IconAlertTriangle size={12} />
            }
            data-testid="storage-available"
            data-available={volume.is_available ? 'true' : 'false'}
          >
            {t(volume.is_available ? 'options.storage.isAvailable' : 'options.storage.isUnavailable')}
          </Badge>
        </Tooltip>
        {volume.pending_gone_count > 0 && (
          <Badge
            ml={6}
            variant="light"
            tt="none"
            color="orange"
            styles={BADGE_STYLES}
            data-testid="storage-gone-badge"
          >
            {t('options.storage.gone.badge', { count: volume.pending_gone_count })}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP} data-testid="storage-files">
        {volume.file_count}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP} data-testid="storage-unmatched">
        {volume.unmatched_count}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP} data-testid="storage-size">
        {formatBytes(volume.total_size)}
      </Table.Td>
      <Table.Td style={NO_WRAP} data-testid="storage-last-scan">
        {scanned === null ? (
          <Text size="sm" c="dimmed" fs="italic" span>
            {t('storage.never')}
          </Text>
        ) : (
          <span title={volume.last_scan}>{scanned}</span>
        )}
      </Table.Td>
      <Table.Td style={NO_WRAP}>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('options.storage.rescanThis')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('options.storage.rescanLabel', { path: volume.path })}
              disabled={rescanBusy}
              onClick={() => onRescan(volume)}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('options.storage.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('options.storage.removeLabel', { path: volume.path })}
              onClick={() => onRemove(volume)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The storage locations, sortable by every column; default availability descending, then path. */
export function StorageTable({ volumes, ...rowProps }: StorageTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<StorageSort>(DEFAULT_STORAGE_SORT);
  const onSort = (column: StorageSortColumn) => setSort((current) => nextSort(current, column));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label={t('options.storage.tableLabel')}
        data-testid="storage-table"
      >
        <Table.Thead>
          <Table.Tr>
            {STORAGE_SORT_COLUMNS.map((column) => (
              <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
            ))}
            <Table.Th>
              <Text fw={600} size="sm" ta="right">
                {t('options.storage.columns.actions')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortVolumes(volumes, sort).map((volume) => (
            <StorageRow key={volume.id} volume={volume} {...rowProps} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
