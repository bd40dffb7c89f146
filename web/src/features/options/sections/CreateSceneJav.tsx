import { Button, Group, Select, TextInput } from '@mantine/core';
import { JavrScraper } from '@fovea/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../../api/queries/options';
import { useScrapeJavr } from '../../../api/queries/scene-import';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { CreateSceneCard } from './CreateSceneCard';

const QUERY_MAX_LENGTH = 2_000;

/** The four JAV sources in the order offered; r18.dev first, the default. */
const SOURCES = JavrScraper.options;

/**
 * Import from JAV databases: a source (the saved one, r18.dev unless changed) and one or more DVD ids; the
 * import runs as a job, its progress in the status line.
 */
export function CreateSceneJav() {
  const { t } = useTranslation();
  const state = useOptionsState();
  const scrape = useScrapeJavr();
  const [chosen, setChosen] = useState<JavrScraper | null>(null);
  const [query, setQuery] = useState('');
  const source = chosen ?? state.data?.config.scraper_settings.javr.javrScraper ?? 'r18d';
  const blank = query.split(',').every((id) => id.trim() === '');

  const submit = () => {
    if (blank || scrape.isPending) return;
    scrape.mutate(
      { s: source, q: query.trim() },
      {
        onSuccess: () => {
          notifySuccess(
            t('options.createScene.jav.started', { source: t(`options.createScene.jav.sources.${source}`) }),
          );
          setQuery('');
          setChosen(null);
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );
  };

  return (
    <CreateSceneCard
      testId="create-scene-jav"
      title={t('options.createScene.jav.title')}
      hint={t('options.createScene.jav.hint')}
      onSubmit={submit}
    >
      <Select
        label={t('options.createScene.jav.source')}
        data={SOURCES.map((value) => ({ value, label: t(`options.createScene.jav.sources.${value}`) }))}
        value={source}
        allowDeselect={false}
        onChange={(value) => {
          const parsed = JavrScraper.safeParse(value);
          if (parsed.success) setChosen(parsed.data);
        }}
      />
      <TextInput
        label={t('options.createScene.jav.ids')}
        description={t('options.createScene.jav.idsHint')}
        placeholder="VRKM-821, IPVR-001"
        required
        maxLength={QUERY_MAX_LENGTH}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          leftSection={<IconDownload size={16} />}
          disabled={blank}
          loading={scrape.isPending}
        >
          {t('options.createScene.import')}
        </Button>
      </Group>
    </CreateSceneCard>
  );
}
