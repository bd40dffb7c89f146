import { FILE_SORT_FIELDS } from '@fovea/contract';
import type { File, FilePageScene, FileSortField, FileSortKey } from '@fovea/contract';
import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSceneDetails } from '../scene-details/scene-details-context';
import { parseSort } from './file-filters';
import {
  formatBitrate,
  formatCount,
  formatDateTime,
  formatDuration,
  formatFileSize,
  sceneLabel,
} from './file-format';
import { FileRowActions } from './FileRowActions';
import type { FileActionHandlers } from './FileRowActions';

interface FilesTableProps {
  files: readonly File[];
  /** The scenes the matched files belong to (absent while a page loads). */
  scenes: readonly FilePageScene[] | undefined;
  sort: FileSortKey;
  onSort: (field: FileSortField) => void;
  handlers: FileActionHandlers;
}

const NUMERIC: ReadonlySet<FileSortField> = new Set([
  'size',
  'video_width',
  'video_height',
  'video_bitrate',
  'duration',
  'video_avgfps_val',
]);

type ValueField = Exclude<FileSortField, 'filename'>;
const VALUE_FIELDS = FILE_SORT_FIELDS.filter((field): field is ValueField => field !== 'filename');

/** The value a column shows for a file. */
function cell(file: File, field: ValueField): string {
  switch (field) {
    case 'created_time':
      return formatDateTime(file.created_time);
    case 'size':
      return formatFileSize(file.size);
    case 'video_width':
      return formatCount(file.video_width);
    case 'video_height':
      return formatCount(file.video_height);
    case 'video_bitrate':
      return formatBitrate(file.video_bitrate);
    case 'duration':
      return formatDuration(file.duration);
    case 'video_avgfps_val':
      return formatCount(file.video_avgfps_val);
  }
}

function SortHeader({
  field,
  sort,
  onSort,
}: {
  field: FileSortField;
  sort: FileSortKey;
  onSort: (field: FileSortField) => void;
}) {
  const { t } = useTranslation();
  const current = parseSort(sort);
  const direction = current?.field === field ? current.direction : null;
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  const label = t(`files.columns.${field}`);
  return (
    <Table.Th
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      ta={NUMERIC.has(field) ? 'right' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(field)}
        aria-label={t('files.sortBy', { column: label })}
        data-testid={`sort-${field}`}
      >
        <Group gap={4} wrap="nowrap" justify={NUMERIC.has(field) ? 'flex-end' : 'flex-start'}>
          <Text fw={600} size="sm" c={direction ? undefined : 'dimmed'}>
            {label}
          </Text>
          <Icon size={14} stroke={1.8} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A matched file's scene under its name: a link that opens the scene details. */
function FileScene({ scene }: { scene: FilePageScene | undefined }) {
  const { t } = useTranslation();
  const details = useSceneDetails();
  if (scene === undefined) return null;
  const title = sceneLabel(scene);
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      ta="left"
      style={{ wordBreak: 'break-word' }}
      onClick={() => details.open(scene.id)}
      aria-label={t('files.matchedToLabel', { title })}
      data-testid="file-scene-link"
    >
      {t('files.matchedTo', { title })}
    </Anchor>
  );
}

/**
 * The sortable table of files: name with the path (and a matched file's scene) below it, dates, sizes, video
 * properties and actions.
 */
export function FilesTable({ files, scenes, sort, onSort, handlers }: FilesTableProps) {
  const { t } = useTranslation();
  const sceneById = useMemo(() => new Map((scenes ?? []).map((scene) => [scene.id, scene])), [scenes]);
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing={6} data-testid="files-table">
        <Table.Thead>
          <Table.Tr>
            {FILE_SORT_FIELDS.map((field) => (
              <SortHeader key={field} field={field} sort={sort} onSort={onSort} />
            ))}
            <Table.Th>
              <Text fw={600} size="sm" ta="right">
                {t('files.columns.actions')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id} data-testid="file-row" data-file-id={file.id}>
              <Table.Td style={{ maxWidth: 420 }}>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }} data-testid="file-name">
                  {file.filename}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {file.path}
                </Text>
                <FileScene scene={file.scene_id > 0 ? sceneById.get(file.scene_id) : undefined} />
              </Table.Td>
              {VALUE_FIELDS.map((field) => (
                <Table.Td
                  key={field}
                  ta={NUMERIC.has(field) ? 'right' : undefined}
                  ff={field === 'created_time' ? undefined : 'monospace'}
                  fz="sm"
                  style={{ whiteSpace: 'nowrap' }}
                  data-column={field}
                >
                  {cell(file, field)}
                </Table.Td>
              ))}
              <Table.Td>
                <FileRowActions file={file} handlers={handlers} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
