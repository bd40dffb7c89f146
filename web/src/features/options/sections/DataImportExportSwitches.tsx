import { Alert, Select, SimpleGrid, Stack, Switch, Tabs, Text } from '@mantine/core';
import type { BundleIncludeKey } from '@fovea/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSavedSearches } from '../../../api/queries/playlists';
import { BUNDLE_SUBTABS, EXT_REF_SUBSETS, SUBTAB_SWITCHES, shownExtRefSubset } from './data-transfer-options';
import type { BundleSubtab, BundleValues, TransferMode } from './data-transfer-options';

interface SwitchesProps {
  mode: TransferMode;
  values: BundleValues;
  onChange: (patch: Partial<BundleValues>) => void;
}

const HINTED = ['inclLinks', 'inclActions', 'inclExtRefs', 'inclActorActions'] as const;
type HintedKey = (typeof HINTED)[number];
const isHinted = (key: BundleIncludeKey): key is HintedKey => (HINTED as readonly string[]).includes(key);

function IncludeSwitch({ name, values, onChange }: { name: BundleIncludeKey } & Omit<SwitchesProps, 'mode'>) {
  const { t } = useTranslation();
  const label = t(`options.sections.dataImportExport.switches.${name}`);
  return (
    <Switch
      label={label}
      aria-label={label}
      description={isHinted(name) ? t(`options.sections.dataImportExport.hints.${name}`) : undefined}
      checked={values[name]}
      onChange={(event) => onChange({ [name]: event.currentTarget.checked })}
    />
  );
}

/** Export only: the saved search whose scenes are exported (0 = every scene). */
function PlaylistSelect({ values, onChange }: Omit<SwitchesProps, 'mode'>) {
  const { t } = useTranslation();
  const searches = useSavedSearches('scene');
  const data = [
    { value: '0', label: t('options.sections.dataImportExport.playlist.all') },
    ...(searches.data ?? []).map((search) => ({ value: String(search.id), label: search.name })),
  ];
  return (
    <Select
      label={t('options.sections.dataImportExport.playlist.label')}
      description={t('options.sections.dataImportExport.playlist.hint')}
      data={data}
      value={String(values.playlistId)}
      onChange={(value) => onChange({ playlistId: value === null ? 0 : Number(value) })}
      allowDeselect={false}
      maw={420}
      data-testid="bundle-playlist"
    />
  );
}

function SceneSwitches({ mode, values, onChange }: SwitchesProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {SUBTAB_SWITCHES.scene.map((name) => (
          <IncludeSwitch key={name} name={name} values={values} onChange={onChange} />
        ))}
      </SimpleGrid>
      <Select
        label={t('options.sections.dataImportExport.extRefSubset.label')}
        data={EXT_REF_SUBSETS.map((value) => ({
          value,
          label: t(`options.sections.dataImportExport.extRefSubset.${value}`),
        }))}
        value={shownExtRefSubset(values.extRefSubset)}
        onChange={(value) => {
          const subset = EXT_REF_SUBSETS.find((candidate) => candidate === value);
          if (subset !== undefined) onChange({ extRefSubset: subset });
        }}
        allowDeselect={false}
        disabled={!values.inclExtRefs}
        maw={420}
        data-testid="bundle-ext-ref-subset"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Switch
          label={t('options.sections.dataImportExport.siteScope.allSites')}
          aria-label={t('options.sections.dataImportExport.siteScope.allSites')}
          description={t('options.sections.dataImportExport.siteScope.allSitesHint')}
          checked={values.allSites}
          onChange={(event) => onChange({ allSites: event.currentTarget.checked })}
        />
        <Switch
          label={t('options.sections.dataImportExport.siteScope.officialOnly')}
          aria-label={t('options.sections.dataImportExport.siteScope.officialOnly')}
          description={t('options.sections.dataImportExport.siteScope.officialOnlyHint')}
          checked={values.onlyIncludeOfficalSites}
          onChange={(event) => onChange({ onlyIncludeOfficalSites: event.currentTarget.checked })}
        />
      </SimpleGrid>
      {mode === 'export' && <PlaylistSelect values={values} onChange={onChange} />}
    </Stack>
  );
}

function SettingsSwitches({ mode, values, onChange }: SwitchesProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <IncludeSwitch name="inclConfig" values={values} onChange={onChange} />
      {mode === 'import' && (
        <Text size="sm" c="dimmed">
          {t('options.sections.dataImportExport.settingsImportHint')}
        </Text>
      )}
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        data-testid="bundle-settings-warning"
      >
        {t('options.sections.dataImportExport.settingsWarning')}
      </Alert>
    </Stack>
  );
}

/** The include switches of one tab, in three sub-tabs: scene data, actor data, settings. */
export function DataImportExportSwitches({ mode, values, onChange }: SwitchesProps) {
  const { t } = useTranslation();
  const panel = (subtab: BundleSubtab) => {
    switch (subtab) {
      case 'scene':
        return <SceneSwitches mode={mode} values={values} onChange={onChange} />;
      case 'actor':
        return (
          <Stack gap="sm">
            {SUBTAB_SWITCHES.actor.map((name) => (
              <IncludeSwitch key={name} name={name} values={values} onChange={onChange} />
            ))}
          </Stack>
        );
      case 'settings':
        return <SettingsSwitches mode={mode} values={values} onChange={onChange} />;
    }
  };
  return (
    <Tabs defaultValue="scene" variant="pills" keepMounted={false}>
      <Tabs.List>
        {BUNDLE_SUBTABS.map((subtab) => (
          <Tabs.Tab key={subtab} value={subtab}>
            {t(`options.sections.dataImportExport.subtabs.${subtab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {BUNDLE_SUBTABS.map((subtab) => (
        <Tabs.Panel key={subtab} value={subtab} pt="md">
          {panel(subtab)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
