import { Button, Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { DataTransferReports } from '@fovea/contract';
import { IconDatabaseImport, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useXbvrImport } from '../../../api/queries/data-transfer';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyImportError, notifySuccess } from '../../../components/notify';
import { useFailureToast, useRunningTransfer } from './data-transfer-live';
import {
  XBVR_MYSQL_PLACEHOLDER,
  XBVR_SQLITE_PLACEHOLDER,
  canMoveIn,
  defaultXbvrValues,
  xbvrImportBody,
  xbvrProblem,
  xbvrSettingsKey,
} from './data-transfer-xbvr';
import type { XbvrDryRun, XbvrFormValues } from './data-transfer-xbvr';
import { DataImportExportPathMappings } from './DataImportExportPathMappings';
import { DataImportExportProgress } from './DataImportExportProgress';
import { DataImportExportReport } from './DataImportExportReport';

interface SourceProps {
  values: XbvrFormValues;
  onChange: (patch: Partial<XbvrFormValues>) => void;
}

/** Where XBVR's database is: its SQLite file or a MySQL URL. */
function XbvrSourceFields({ values, onChange }: SourceProps) {
  const { t } = useTranslation();
  const problem = xbvrProblem(values);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('options.sections.dataImportExport.xbvr.sourceKind')}
      </Text>
      <SegmentedControl
        value={values.kind}
        onChange={(kind) => onChange({ kind: kind === 'mysql' ? 'mysql' : 'sqlite' })}
        data={[
          { value: 'sqlite', label: t('options.sections.dataImportExport.xbvr.sqlite') },
          { value: 'mysql', label: t('options.sections.dataImportExport.xbvr.mysql') },
        ]}
        w="fit-content"
        data-testid="xbvr-source-kind"
      />
      {values.kind === 'sqlite' ? (
        <TextInput
          label={t('options.sections.dataImportExport.xbvr.path')}
          description={t('options.sections.dataImportExport.xbvr.pathHint')}
          placeholder={XBVR_SQLITE_PLACEHOLDER}
          value={values.path}
          onChange={(event) => onChange({ path: event.currentTarget.value })}
          maw={640}
        />
      ) : (
        <TextInput
          label={t('options.sections.dataImportExport.xbvr.url')}
          placeholder={XBVR_MYSQL_PLACEHOLDER}
          value={values.url}
          onChange={(event) => onChange({ url: event.currentTarget.value })}
          error={
            problem === 'mysqlUrl' && values.url.trim() !== ''
              ? t('options.sections.dataImportExport.xbvr.mysqlUrl')
              : undefined
          }
          maw={640}
        />
      )}
    </Stack>
  );
}

/**
 * "Move in from XBVR": reads XBVR's own database (never writing it), with path mappings. A dry run counts what
 * would come across; Import is offered once the dry run of the very same settings has succeeded.
 */
export function DataImportExportXbvr({ reports }: { reports: DataTransferReports | undefined }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(defaultXbvrValues);
  const [dryRun, setDryRun] = useState<XbvrDryRun | null>(null);
  const [importJobId, setImportJobId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const start = useXbvrImport();
  const running = useRunningTransfer('xbvr') !== null;
  const dryRunReport = reports?.['xbvr-dry-run'] ?? null;
  const importReport = reports?.['xbvr-import'] ?? null;
  useFailureToast(dryRunReport, dryRun?.jobId ?? null);
  useFailureToast(importReport, importJobId);
  const change = (patch: Partial<XbvrFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const problem = xbvrProblem(values);
  const busy = running || start.isPending;
  const failed = (error: Error) => notifyImportError(t('errors.errorMessage', { message: error.message }));

  const startDryRun = () => {
    const body = xbvrImportBody(values, true);
    if (body === null) return;
    const settingsKey = xbvrSettingsKey(values);
    start.mutate(body, {
      onSuccess: ({ jobId }) => {
        setDryRun({ jobId, settingsKey });
        notifySuccess(t('options.sections.dataImportExport.xbvr.dryRunStarted'));
      },
      onError: failed,
    });
  };
  const startImport = () => {
    const body = xbvrImportBody(values, false);
    if (body === null) return;
    start.mutate(body, {
      onSuccess: ({ jobId }) => {
        setImportJobId(jobId);
        setConfirming(false);
        notifySuccess(t('options.sections.dataImportExport.xbvr.importStarted'));
      },
      onError: (error) => {
        setConfirming(false);
        failed(error);
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="xbvr-move-in">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md">
            {t('options.sections.dataImportExport.xbvr.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('options.sections.dataImportExport.xbvr.description')}
          </Text>
        </div>
        <XbvrSourceFields values={values} onChange={change} />
        <DataImportExportPathMappings
          mappings={values.mappings}
          onChange={(mappings) => change({ mappings })}
          error={
            problem === 'mappingFrom' ? t('options.sections.dataImportExport.xbvr.mappingFrom') : undefined
          }
        />
        <Switch
          label={t('options.sections.dataImportExport.xbvr.overwrite')}
          aria-label={t('options.sections.dataImportExport.xbvr.overwrite')}
          description={t('options.sections.dataImportExport.xbvr.overwriteHint')}
          checked={values.overwrite}
          onChange={(event) => change({ overwrite: event.currentTarget.checked })}
        />
        <Stack gap={4}>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconListCheck size={16} />}
              onClick={startDryRun}
              disabled={problem !== null || busy}
              loading={start.isPending && start.variables.dryRun === true}
            >
              {t('options.sections.dataImportExport.xbvr.dryRun')}
            </Button>
            <Button
              leftSection={<IconDatabaseImport size={16} />}
              onClick={() => setConfirming(true)}
              disabled={busy || !canMoveIn(values, dryRun, dryRunReport)}
            >
              {t('options.sections.dataImportExport.xbvr.import')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('options.sections.dataImportExport.xbvr.dryRunHint')}
          </Text>
        </Stack>
        <DataImportExportProgress group="xbvr" />
        {dryRunReport !== null && <DataImportExportReport report={dryRunReport} />}
        {importReport !== null && <DataImportExportReport report={importReport} />}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('options.sections.dataImportExport.xbvr.confirmTitle')}
        text={t(
          values.overwrite
            ? 'options.sections.dataImportExport.xbvr.confirmOverwrite'
            : 'options.sections.dataImportExport.xbvr.confirmKeep',
        )}
        confirmLabel={t('options.sections.dataImportExport.xbvr.confirm')}
        danger={values.overwrite}
        busy={start.isPending}
        onConfirm={startImport}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
