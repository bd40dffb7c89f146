import { Button, Loader, Text, Tooltip } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../../api/queries/options';
import { useStashdbRunAll } from '../../../api/queries/stashdb-run';
import { notifyDanger, notifySuccess } from '../../../components/notify';

/**
 * "Scrape StashDB" in the Scrapers toolbar: links the scenes of every site with its StashDB switch on to
 * their StashDB studio (a background job under the scrape lock). Without an API key, the hint to enter one.
 */
export function ScrapersStashdbRun({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const state = useOptionsState();
  const run = useStashdbRunAll();
  if (state.data === undefined) return null;
  if (state.data.config.advanced.stashApiKey.trim() === '') {
    return (
      <Text size="sm" c="dimmed" data-testid="scrapers-stashdb-no-key">
        {t('validation.stashApiKeyRequired')}
      </Text>
    );
  }
  const disabled = busy || run.isPending;
  return (
    <Tooltip label={busy ? t('options.scrapers.scrapeRunning') : t('options.scrapers.stashdbRunHint')}>
      <Button
        variant="default"
        leftSection={run.isPending ? <Loader size={14} /> : <IconDatabaseImport size={16} />}
        disabled={disabled}
        data-testid="scrapers-stashdb-run"
        onClick={() =>
          run.mutate(undefined, {
            onSuccess: () => notifySuccess(t('options.scrapers.stashdbRunStarted')),
            onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
          })
        }
      >
        {t('options.scrapers.stashdbRun')}
      </Button>
    </Tooltip>
  );
}
