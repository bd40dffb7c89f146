import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRunningTransfer } from './data-transfer-live';
import type { TransferJobGroup } from './data-transfer-live';

/** While a transfer of this part of the screen runs: its progress bar, its message and the Data line. */
export function DataImportExportProgress({ group }: { group: TransferJobGroup }) {
  const { t } = useTranslation();
  const running = useRunningTransfer(group);
  if (running === null) return null;
  const message =
    running.message === '' ? t('options.sections.dataImportExport.progress.running') : running.message;
  return (
    <Stack gap={4} data-testid={`transfer-progress-${group}`}>
      <Progress
        value={running.progress}
        animated
        aria-label={t('options.sections.dataImportExport.progress.label')}
      />
      <Text size="sm" data-testid="transfer-progress-message">
        {t('status.withProgress', { message, progress: running.progress })}
      </Text>
      {running.dataLine !== '' && running.dataLine !== running.message && (
        <Text size="xs" c="dimmed" data-testid="transfer-progress-data-line">
          {running.dataLine}
        </Text>
      )}
    </Stack>
  );
}
