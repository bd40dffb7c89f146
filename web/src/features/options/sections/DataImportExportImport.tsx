import {
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { DataTransferReport } from '@fovea/contract';
import { IconFileImport, IconLink } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestoreBundleFile, useRestoreBundleUrl } from '../../../api/queries/data-transfer';
import { notifyImportError, notifySuccess } from '../../../components/notify';
import { useFailureToast } from './data-transfer-live';
import { isBundleUrl, restoreOptions, restoreQuery } from './data-transfer-options';
import type { BundleValues } from './data-transfer-options';
import { DataImportExportProgress } from './DataImportExportProgress';
import { DataImportExportReport } from './DataImportExportReport';
import { DataImportExportSwitches } from './DataImportExportSwitches';

type ImportSource = 'file' | 'url';

interface ImportProps {
  values: BundleValues;
  onChange: (patch: Partial<BundleValues>) => void;
  /** The latest restore report, or null. */
  report: DataTransferReport | null;
}

/** The restore's answer and failure handling shared by the file and the URL forms. */
function useRestoreFeedback(onStarted: (jobId: number) => void) {
  const { t } = useTranslation();
  return {
    onSuccess: ({ jobId }: { jobId: number }) => {
      onStarted(jobId);
      notifySuccess(t('options.sections.dataImportExport.import.started'));
    },
    onError: (error: Error) => notifyImportError(t('errors.errorMessage', { message: error.message })),
  };
}

/** What each import source needs: the switches, whether a transfer runs, and where to report its job. */
interface SourceProps {
  values: BundleValues;
  busy: boolean;
  onStarted: (id: number) => void;
}

function FileSource({ values, busy, onStarted }: SourceProps) {
  const { t } = useTranslation();
  const restore = useRestoreBundleFile();
  const feedback = useRestoreFeedback(onStarted);
  const resetRef = useRef<() => void>(null);
  const choose = (file: File | null) => {
    resetRef.current?.();
    if (file === null) return;
    restore.mutate({ file, options: restoreQuery(values) }, feedback);
  };
  return (
    <Stack gap={4}>
      <Group>
        <FileButton onChange={choose} accept="application/json,.json" resetRef={resetRef} disabled={busy}>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconFileImport size={16} />}
              loading={restore.isPending}
              disabled={busy}
              data-testid="bundle-file-button"
            >
              {t('options.sections.dataImportExport.import.chooseFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('options.sections.dataImportExport.import.chooseFileHint')}
      </Text>
    </Stack>
  );
}

function UrlSource({ values, busy, onStarted }: SourceProps) {
  const { t } = useTranslation();
  const restore = useRestoreBundleUrl();
  const feedback = useRestoreFeedback(onStarted);
  const [url, setUrl] = useState('');
  const valid = isBundleUrl(url);
  const start = () => {
    if (!valid) return;
    restore.mutate({ ...restoreOptions(values), bundleUrl: url.trim() }, feedback);
  };
  return (
    <Group align="flex-start" gap="sm">
      <TextInput
        label={t('options.sections.dataImportExport.import.url')}
        placeholder={t('options.sections.dataImportExport.import.urlPlaceholder')}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') start();
        }}
        error={url.trim() !== '' && !valid ? t('errors.invalidUrl') : undefined}
        style={{ flex: 1 }}
        maw={560}
      />
      <Button
        mt={25}
        leftSection={<IconLink size={16} />}
        onClick={start}
        disabled={!valid || busy}
        loading={restore.isPending}
      >
        {t('options.sections.dataImportExport.import.start')}
      </Button>
    </Group>
  );
}

/** Import tab: what to take from a bundle, overwrite, and the bundle itself (a file or a URL). */
export function DataImportExportImport({ values, onChange, report }: ImportProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState<ImportSource>('file');
  const [startedJobId, setStartedJobId] = useState<number | null>(null);
  useFailureToast(report, startedJobId);
  const busy = report?.status === 'running';
  return (
    <Paper withBorder p="md" radius="md" data-testid="bundle-import">
      <Stack gap="md">
        <DataImportExportSwitches mode="import" values={values} onChange={onChange} />
        <Switch
          label={t('options.sections.dataImportExport.import.overwrite')}
          aria-label={t('options.sections.dataImportExport.import.overwrite')}
          description={t('options.sections.dataImportExport.import.overwriteHint')}
          checked={values.overwrite}
          onChange={(event) => onChange({ overwrite: event.currentTarget.checked })}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('options.sections.dataImportExport.import.source')}
          </Text>
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value === 'url' ? 'url' : 'file')}
            data={[
              { value: 'file', label: t('options.sections.dataImportExport.import.sourceFile') },
              { value: 'url', label: t('options.sections.dataImportExport.import.sourceUrl') },
            ]}
            w="fit-content"
            data-testid="bundle-import-source"
          />
          {source === 'file' ? (
            <FileSource values={values} busy={busy} onStarted={setStartedJobId} />
          ) : (
            <UrlSource values={values} busy={busy} onStarted={setStartedJobId} />
          )}
        </Stack>
        <DataImportExportProgress group="import" />
        {report !== null && <DataImportExportReport report={report} />}
      </Stack>
    </Paper>
  );
}
