import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  funscriptExportUrl,
  useFunscriptCount,
  useSaveFunscriptOptions,
} from '../../../api/queries/options-funscripts';
import { optionsKeys } from '../../../api/query-keys';
import { findOptionsSection } from '../options-sections';
import { OptionsStateGate } from './OptionsStateGate';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';

/** After a download starts, the counts are read again this much later (the zip marks exports once written). */
export const COUNT_REFRESH_DELAY_MS = 3_000;

function FunscriptCounts() {
  const { t } = useTranslation();
  const count = useFunscriptCount();
  if (count.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('common.loadFailed')}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void count.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const value = (n: number | undefined) =>
    n === undefined ? <Loader size="xs" /> : n.toLocaleString('en-GB');
  return (
    <SimpleGrid cols={2} maw={420}>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('options.funscripts.total')}
        </Text>
        <Text fz="xl" fw={700} data-testid="funscripts-total">
          {value(count.data?.total)}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('options.funscripts.updated')}
        </Text>
        <Text fz="xl" fw={700} data-testid="funscripts-updated">
          {value(count.data?.updated)}
        </Text>
      </div>
    </SimpleGrid>
  );
}

function ExportLinks() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refreshLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: optionsKeys.funscriptCount }),
      COUNT_REFRESH_DELAY_MS,
    );
  };
  return (
    <Group gap="sm">
      <Button
        component="a"
        href={funscriptExportUrl('export-all')}
        download="funscripts.zip"
        leftSection={<IconDownload size={16} />}
        onClick={refreshLater}
      >
        {t('options.funscripts.exportAll')}
      </Button>
      <Button
        component="a"
        href={funscriptExportUrl('export-new')}
        download="funscripts-update.zip"
        variant="light"
        leftSection={<IconDownload size={16} />}
        onClick={refreshLater}
      >
        {t('options.funscripts.exportNew')}
      </Button>
    </Group>
  );
}

function ScrapeSwitch({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  const save = useSaveFunscriptOptions();
  const shown = save.isPending && save.variables ? save.variables.scrapeFunscripts : checked;
  return (
    <Switch
      label={t('options.funscripts.scrapeFunscripts')}
      aria-label={t('options.funscripts.scrapeFunscripts')}
      description={t('options.funscripts.scrapeFunscriptsDescription')}
      checked={shown}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ scrapeFunscripts: event.currentTarget.checked }, saveFeedback(t))}
    />
  );
}

/** Funscripts: counts, the zip downloads (all, or new only) and the scrape switch (saved at once). */
export function FunscriptsSection() {
  const { t } = useTranslation();
  return (
    <SectionFrame section={findOptionsSection('funscripts')}>
      <Paper withBorder p="md" radius="md" data-testid="funscripts-export">
        <Stack gap="md">
          <div>
            <Title order={3} fz="md">
              {t('options.funscripts.export')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('options.funscripts.exportDescription')}
            </Text>
          </div>
          <FunscriptCounts />
          <ExportLinks />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <OptionsStateGate>
          {(state) => <ScrapeSwitch checked={state.config.funscripts.scrapeFunscripts} />}
        </OptionsStateGate>
      </Paper>
    </SectionFrame>
  );
}
