import { Button, Group, Paper, Stack } from '@mantine/core';
import type { DataTransferReport } from '@fovea/contract';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStartBackup } from '../../../api/queries/data-transfer';
import { notifyImportError, notifySuccess } from '../../../components/notify';
import { backupQuery } from './data-transfer-options';
import type { BundleValues } from './data-transfer-options';
import { DataImportExportProgress } from './DataImportExportProgress';
import { DataImportExportReport } from './DataImportExportReport';
import { DataImportExportSwitches } from './DataImportExportSwitches';

interface ExportProps {
  values: BundleValues;
  onChange: (patch: Partial<BundleValues>) => void;
  /** The latest backup report, or null; a finished one carries the file to download. */
  report: DataTransferReport | null;
}

/**
 * Export tab: what to put in the bundle, then Export. The server writes the file for
 * /download/xbvr-content-bundle.json; the finished report offers it as a download link with its size.
 */
export function DataImportExportExport({ values, onChange, report }: ExportProps) {
  const { t } = useTranslation();
  const backup = useStartBackup();
  const start = () =>
    backup.mutate(backupQuery(values), {
      onSuccess: () => notifySuccess(t('options.sections.dataImportExport.export.started')),
      onError: (error) => notifyImportError(t('errors.errorMessage', { message: error.message })),
    });
  return (
    <Paper withBorder p="md" radius="md" data-testid="bundle-export">
      <Stack gap="md">
        <DataImportExportSwitches mode="export" values={values} onChange={onChange} />
        <Group>
          <Button
            leftSection={<IconDatabaseExport size={16} />}
            onClick={start}
            loading={backup.isPending}
            disabled={report?.status === 'running'}
          >
            {t('options.sections.dataImportExport.export.start')}
          </Button>
        </Group>
        <DataImportExportProgress group="export" />
        {report !== null && <DataImportExportReport report={report} />}
      </Stack>
    </Paper>
  );
}
