import { Paper, Stack, Switch, Tabs } from '@mantine/core';
import type { AdvancedOptions } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAdvancedOptions } from '../../../api/queries/options';
import { findOptionsSection } from '../options-sections';
import {
  AlternateSitesTab,
  pickAlternateSitesValues,
  type AlternateSitesValues,
} from '../../alternate-sites/AlternateSitesTab';
import { ActorSettings } from './ActorSettings';
import { AdvancedCustomSites } from './AdvancedCustomSites';
import { CollectorConfigEditor } from './CollectorConfigEditor';
import type { ActorSettingsValues } from './ActorSettings';
import { OptionsStateGate } from './OptionsStateGate';
import { SaveBar } from './SaveBar';
import { ScraperConnectionSettings } from './ScraperConnectionSettings';
import type { ScraperConnectionValues } from './ScraperConnectionSettings';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';

const SCENE_DETAIL_SWITCHES = ['showInternalSceneId', 'showHSPApiLink', 'showSceneSearchField'] as const;
type SceneDetailSwitch = (typeof SCENE_DETAIL_SWITCHES)[number];

/** The keys this section edits and saves. */
export type AdvancedValues = Pick<AdvancedOptions, SceneDetailSwitch | 'imageProxyAllowLan'> &
  ActorSettingsValues;

export function pickAdvancedValues(advanced: AdvancedOptions): AdvancedValues {
  return {
    showInternalSceneId: advanced.showInternalSceneId,
    showHSPApiLink: advanced.showHSPApiLink,
    showSceneSearchField: advanced.showSceneSearchField,
    useImperialEntry: advanced.useImperialEntry,
    scrapeActorAfterScene: advanced.scrapeActorAfterScene,
    stashApiKey: advanced.stashApiKey,
    imageProxyAllowLan: advanced.imageProxyAllowLan,
  };
}

const sameValues = (a: AdvancedValues, b: AdvancedValues) =>
  (Object.keys(a) as (keyof AdvancedValues)[]).every((key) => a[key] === b[key]);

const ADVANCED_TABS = [
  'scene-details',
  'actor-settings',
  'custom-sites',
  'alternate-sites',
  'image-proxy',
  'cookies-headers',
] as const;
type AdvancedTab = (typeof ADVANCED_TABS)[number];

const asAdvancedTab = (value: string | null): AdvancedTab =>
  ADVANCED_TABS.find((tab) => tab === value) ?? 'scene-details';

interface AdvancedFormProps {
  initial: AdvancedValues;
  /** The scrapers' proxy and User-Agent, saved on their own in the Cookies/Headers tab. */
  connection: ScraperConnectionValues;
  /** The Alternate Sites tab's options, saved on their own in that tab. */
  alternateSites: AlternateSitesValues;
  /** Kept by the section, so the open tab survives the form being remade after a save. */
  tab: AdvancedTab;
  onTab: (tab: AdvancedTab) => void;
}

function AdvancedForm({ initial, connection, alternateSites, tab, onTab }: AdvancedFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const save = useSaveAdvancedOptions();
  const set = <K extends keyof AdvancedValues>(key: K, value: AdvancedValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const toggle = (key: SceneDetailSwitch) => (
    <Switch
      key={key}
      label={t(`options.advanced.${key}`)}
      aria-label={t(`options.advanced.${key}`)}
      description={t(`options.advanced.${key}Description`)}
      checked={values[key]}
      onChange={(event) => set(key, event.currentTarget.checked)}
    />
  );

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(value) => onTab(asAdvancedTab(value))} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="scene-details">{t('options.advanced.tabs.sceneDetails')}</Tabs.Tab>
          <Tabs.Tab value="actor-settings">{t('options.advanced.tabs.actorSettings')}</Tabs.Tab>
          <Tabs.Tab value="custom-sites">{t('options.advanced.tabs.createCustomSite')}</Tabs.Tab>
          <Tabs.Tab value="alternate-sites">{t('options.advanced.tabs.alternateSites')}</Tabs.Tab>
          <Tabs.Tab value="image-proxy">{t('options.advanced.tabs.imageProxy')}</Tabs.Tab>
          <Tabs.Tab value="cookies-headers">{t('options.advanced.tabs.cookiesHeaders')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scene-details" pt="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">{SCENE_DETAIL_SWITCHES.map(toggle)}</Stack>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="actor-settings" pt="md">
          <ActorSettings
            values={values}
            stashKeyStored={initial.stashApiKey !== ''}
            onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="custom-sites" pt="md">
          <AdvancedCustomSites />
        </Tabs.Panel>
        <Tabs.Panel value="alternate-sites" pt="md">
          <AlternateSitesTab initial={alternateSites} />
        </Tabs.Panel>
        <Tabs.Panel value="image-proxy" pt="md">
          <Paper withBorder p="md" radius="md">
            <Switch
              label={t('options.advanced.imageProxyAllowLan')}
              aria-label={t('options.advanced.imageProxyAllowLan')}
              description={t('options.advanced.imageProxyAllowLanDescription')}
              checked={values.imageProxyAllowLan}
              onChange={(event) => set('imageProxyAllowLan', event.currentTarget.checked)}
            />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="cookies-headers" pt="md">
          <Stack gap="md">
            <ScraperConnectionSettings initial={connection} />
            <CollectorConfigEditor />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {/* The Cookies/Headers, Create Custom Site and Alternate Sites tabs save their parts on their own. */}
      {tab !== 'cookies-headers' && tab !== 'custom-sites' && tab !== 'alternate-sites' && (
        <SaveBar
          dirty={!sameValues(values, initial)}
          saving={save.isPending}
          onReset={() => setValues(initial)}
          onSave={() => save.mutate(values, saveFeedback(t))}
        />
      )}
    </Stack>
  );
}

/**
 * Advanced: Scene Details and Actor Settings tabs (PUT /api/options/interface/advanced), and the
 * Cookies/Headers tab (the scrapers' collector configs).
 */
export function AdvancedSection() {
  const [tab, setTab] = useState<AdvancedTab>('scene-details');
  return (
    <SectionFrame section={findOptionsSection('advanced')}>
      <OptionsStateGate>
        {(state) => {
          const { advanced } = state.config;
          const initial = pickAdvancedValues(advanced);
          const connection = {
            scraperProxy: advanced.scraperProxy,
            scraperUserAgent: advanced.scraperUserAgent,
          };
          return (
            <AdvancedForm
              key={JSON.stringify([initial, connection])}
              initial={initial}
              connection={connection}
              alternateSites={pickAlternateSitesValues(advanced)}
              tab={tab}
              onTab={setTab}
            />
          );
        }}
      </OptionsStateGate>
    </SectionFrame>
  );
}
