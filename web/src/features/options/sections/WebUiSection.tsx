import { Paper, Select, SimpleGrid, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { TagSort } from '@fovea/contract';
import type { WebOptions } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWebOptions } from '../../../api/queries/options';
import { findOptionsSection } from '../options-sections';
import { OptionsStateGate } from './OptionsStateGate';
import { SaveBar } from './SaveBar';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';

/** The scene-list toggles of the Web UI section, in the spec's order. */
export const SCENE_LIST_TOGGLES = [
  'sceneHidden',
  'sceneWatchlist',
  'sceneFavourite',
  'sceneWishlist',
  'sceneTrailerlist',
  'sceneWatched',
  'sceneEdit',
  'sceneDuration',
  'sceneCuepoint',
  'showHspFile',
  'showSubtitlesFile',
  'showScriptHeatmap',
  'showAllHeatmaps',
  'showOpenInNewWindow',
] as const;
type SceneListToggle = (typeof SCENE_LIST_TOGGLES)[number];

/** The keys this section edits and saves. */
export type WebUiValues = Pick<WebOptions, SceneListToggle | 'tagSort' | 'isAvailOpacity' | 'updateCheck'>;

export function pickWebUiValues(web: WebOptions): WebUiValues {
  const values = { tagSort: web.tagSort, isAvailOpacity: web.isAvailOpacity, updateCheck: web.updateCheck };
  const toggles = Object.fromEntries(SCENE_LIST_TOGGLES.map((key) => [key, web[key]])) as Record<
    SceneListToggle,
    boolean
  >;
  return { ...values, ...toggles };
}

const sameValues = (a: WebUiValues, b: WebUiValues) =>
  (Object.keys(a) as (keyof WebUiValues)[]).every((key) => a[key] === b[key]);

function WebUiForm({ initial }: { initial: WebUiValues }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const save = useSaveWebOptions();
  const set = <K extends keyof WebUiValues>(key: K, value: WebUiValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const dirty = !sameValues(values, initial);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Select
          label={t('options.web.tagSort')}
          description={t('options.web.tagSortDescription')}
          data={[
            { value: 'by-tag-count', label: t('options.web.tagSortByCount') },
            { value: 'alphabetically', label: t('options.web.tagSortAlphabetically') },
          ]}
          value={values.tagSort}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = TagSort.safeParse(value);
            if (parsed.success) set('tagSort', parsed.data);
          }}
          maw={320}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="md">
          {t('options.web.sceneButtons')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('options.web.sceneButtonsDescription')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {SCENE_LIST_TOGGLES.map((key) => (
            <Switch
              key={key}
              label={t(`options.web.${key}`)}
              checked={values[key]}
              onChange={(event) => set(key, event.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" fw={500} id="avail-opacity-label">
          {t('options.web.isAvailOpacity')}
        </Text>
        <Text size="xs" c="dimmed" mb="sm">
          {t('options.web.isAvailOpacityDescription')}
        </Text>
        <Slider
          aria-labelledby="avail-opacity-label"
          min={0}
          max={100}
          step={10}
          value={values.isAvailOpacity}
          onChange={(value) => set('isAvailOpacity', value)}
          label={(value) => t('options.web.isAvailOpacityValue', { value })}
          marks={[0, 20, 40, 60, 80, 100].map((value) => ({ value, label: String(value) }))}
          maw={480}
          mb="lg"
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Switch
          label={t('options.web.updateCheck')}
          aria-label={t('options.web.updateCheck')}
          description={t('options.web.updateCheckDescription')}
          checked={values.updateCheck}
          onChange={(event) => set('updateCheck', event.currentTarget.checked)}
        />
      </Paper>
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onReset={() => setValues(initial)}
        onSave={() => save.mutate(values, saveFeedback(t))}
      />
    </Stack>
  );
}

/** Web UI: tag sort, scene-list buttons, unavailable-scene opacity, update check (PUT /api/options/interface/web). */
export function WebUiSection() {
  return (
    <SectionFrame section={findOptionsSection('web')}>
      <OptionsStateGate>
        {(state) => {
          const initial = pickWebUiValues(state.config.web);
          return <WebUiForm key={JSON.stringify(initial)} initial={initial} />;
        }}
      </OptionsStateGate>
    </SectionFrame>
  );
}
