import { Badge, Button, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { BUNDLE_FILE_NAME, BUNDLE_SECTIONS } from '@fovea/contract';
import type { DataTransferReport, SectionCounts } from '@fovea/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatScanTime } from './storage-table';

/** How many rejected records the report shows (the server keeps up to 200; the count is always complete). */
export const SHOWN_REJECTIONS = 10;

const COUNT_COLUMNS = [
  'read',
  'added',
  'updated',
  'skipped',
  'rejected',
] as const satisfies readonly (keyof SectionCounts)[];

const STATUS_COLOUR = { running: 'blue', ok: 'teal', failed: 'red' } as const;

function SectionTable({ report }: { report: DataTransferReport }) {
  const { t } = useTranslation();
  const rows = BUNDLE_SECTIONS.flatMap((section) => {
    const counts = report.sections[section];
    return counts === undefined ? [] : [{ section, counts }];
  });
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('options.sections.dataImportExport.report.noSections')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder data-testid="transfer-report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('options.sections.dataImportExport.report.columns.section')}</Table.Th>
            {COUNT_COLUMNS.map((column) => (
              <Table.Th key={column} ta="right">
                {t(`options.sections.dataImportExport.report.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ section, counts }) => (
            <Table.Tr key={section} data-testid={`transfer-report-${section}`}>
              <Table.Td>{t(`options.sections.dataImportExport.sections.${section}`)}</Table.Td>
              {COUNT_COLUMNS.map((column) => (
                <Table.Td key={column} ta="right" data-testid={`transfer-report-${section}-${column}`}>
                  {counts[column].toLocaleString('en-GB')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Rejections({ report }: { report: DataTransferReport }) {
  const { t } = useTranslation();
  if (report.rejectedTotal === 0) return null;
  const shown = report.rejected.slice(0, SHOWN_REJECTIONS);
  return (
    <Stack gap={4} data-testid="transfer-report-rejections">
      <Text size="sm" fw={500}>
        {t('options.sections.dataImportExport.report.rejections', { count: report.rejectedTotal })}
      </Text>
      <List size="sm" spacing={2}>
        {shown.map((rejection, index) => (
          <List.Item key={`${rejection.section}-${rejection.key}-${index}`}>
            {t('options.sections.dataImportExport.report.rejection', {
              section: t(`options.sections.dataImportExport.sections.${rejection.section}`),
              key: rejection.key,
              reason: rejection.reason,
            })}
          </List.Item>
        ))}
      </List>
      {report.rejectedTotal > shown.length && (
        <Text size="xs" c="dimmed">
          {t('options.sections.dataImportExport.report.moreRejections', {
            count: report.rejectedTotal - shown.length,
          })}
        </Text>
      )}
    </Stack>
  );
}

/** The outcome of a transfer: status, message, counts per section, the first rejections and a backup's file. */
export function DataImportExportReport({ report }: { report: DataTransferReport }) {
  const { t } = useTranslation();
  const finished = report.finishedAt === null ? null : formatScanTime(report.finishedAt);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`transfer-report-${report.kind}`}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{t(`options.sections.dataImportExport.report.kind.${report.kind}`)}</Text>
            <Badge color={STATUS_COLOUR[report.status]} variant="light" data-testid="transfer-report-status">
              {t(`options.sections.dataImportExport.report.status.${report.status}`)}
            </Badge>
          </Group>
          {finished !== null && (
            <Text size="xs" c="dimmed">
              {t('options.sections.dataImportExport.report.finishedAt', { time: finished })}
            </Text>
          )}
        </Group>
        <Text size="sm" data-testid="transfer-report-message">
          {report.message}
        </Text>
        {report.file !== null && report.status === 'ok' && (
          <Group>
            <Button
              component="a"
              href={report.file.url}
              download={BUNDLE_FILE_NAME}
              leftSection={<IconDownload size={16} />}
              data-testid="bundle-download-link"
            >
              {t('options.sections.dataImportExport.export.download', {
                name: BUNDLE_FILE_NAME,
                size: formatBytes(report.file.size),
              })}
            </Button>
          </Group>
        )}
        <SectionTable report={report} />
        <Rejections report={report} />
      </Stack>
    </Paper>
  );
}
