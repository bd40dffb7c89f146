import { Button, Group, Paper, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import type { PreviewOptions } from '@fovea/contract';
import { IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeneratePreviews, useSavePreviewOptions } from '../../../api/queries/options-previews';
import { useLock } from '../../../app/realtime';
import { CancelJobButton } from '../../../components/CancelJobButton';
import { notifySuccess } from '../../../components/notify';
import { findOptionsSection } from '../options-sections';
import { OptionsStateGate } from './OptionsStateGate';
import {
  PREVIEW_SLIDERS,
  PREVIEW_SLIDER_KEYS,
  pickPreviewValues,
  samePreviewValues,
  snapPreviewValue,
} from './preview-values';
import type { PreviewSlider, PreviewValues } from './preview-values';
import { PreviewTest } from './PreviewTest';
import { SaveBar } from './SaveBar';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';

function GeneratePreviewsButton() {
  const { t } = useTranslation();
  const lock = useLock('previews');
  const generate = useGeneratePreviews();
  const busy = lock.pulsing || generate.isPending;
  return (
    <Button
      leftSection={<IconMovie size={16} />}
      loading={generate.isPending}
      disabled={busy}
      data-busy={busy ? 'true' : 'false'}
      data-testid="previews-generate"
      onClick={() =>
        generate.mutate(undefined, {
          onSuccess: () => notifySuccess(t('options.previews.generateStarted')),
          onError: saveFeedback(t).onError,
        })
      }
    >
      {lock.pulsing ? t('options.previews.generating') : t('options.previews.generate')}
    </Button>
  );
}

function PreviewSliderField({
  name,
  value,
  onChange,
}: {
  name: PreviewSlider;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const { min, max, step, precision } = PREVIEW_SLIDERS[name];
  const format = (shown: number) => t(`options.previews.${name}Value`, { value: shown });
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id={`preview-${name}-label`}>
          {t(`options.previews.${name}`)}
        </Text>
        <Text size="sm" c="dimmed" data-testid={`preview-${name}-value`}>
          {format(value)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t(`options.previews.${name}Description`)}
      </Text>
      <Slider
        aria-labelledby={`preview-${name}-label`}
        min={min}
        max={max}
        step={step}
        precision={precision}
        value={value}
        onChange={(next) => onChange(snapPreviewValue(name, next))}
        label={format}
        marks={[
          { value: min, label: format(min) },
          { value: max, label: format(max) },
        ]}
        mb="lg"
        mx="md"
      />
    </div>
  );
}

function PreviewsForm({ preview }: { preview: PreviewOptions }) {
  const { t } = useTranslation();
  const [initial] = useState(() => pickPreviewValues(preview));
  const [values, setValues] = useState(initial);
  const save = useSavePreviewOptions();
  const set = <K extends keyof PreviewValues>(key: K, value: PreviewValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <Stack gap="md">
      <Group gap="sm">
        <GeneratePreviewsButton />
        <CancelJobButton task="previews" variant="button" />
      </Group>
      <Paper withBorder p="md" radius="md" data-testid="preview-settings">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="md">
          {PREVIEW_SLIDER_KEYS.map((name) => (
            <PreviewSliderField
              key={name}
              name={name}
              value={values[name]}
              onChange={(value) => set(name, value)}
            />
          ))}
        </SimpleGrid>
        <Switch
          mt="sm"
          label={t('options.previews.extraSnippet')}
          aria-label={t('options.previews.extraSnippet')}
          description={t('options.previews.extraSnippetDescription')}
          checked={values.extraSnippet}
          onChange={(event) => set('extraSnippet', event.currentTarget.checked)}
        />
      </Paper>
      <SaveBar
        dirty={!samePreviewValues(values, initial)}
        saving={save.isPending}
        onReset={() => setValues(initial)}
        onSave={() => save.mutate(values, saveFeedback(t))}
      />
      <PreviewTest values={values} />
    </Stack>
  );
}

/** Previews: snippet settings, Generate previews and a test render (PUT /api/options/previews). */
export function PreviewsSection() {
  return (
    <SectionFrame section={findOptionsSection('previews')}>
      <OptionsStateGate>
        {(state) => {
          const preview = state.config.library.preview;
          return <PreviewsForm key={JSON.stringify(preview)} preview={preview} />;
        }}
      </OptionsStateGate>
    </SectionFrame>
  );
}
