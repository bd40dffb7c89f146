import type { Scene } from '@fovea/contract';
import { Center, Loader, Paper, Tabs, Text } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneSummary } from './scene-summary';
import { SceneFilesTab } from './SceneFilesTab';
import { SearchFieldsTab } from './SearchFieldsTab';
import { WatchHistoryTab } from './WatchHistoryTab';

const CuepointsTab = lazy(() => import('../scene-cuepoints/CuepointsTab'));

type InfoTab = 'files' | 'cuepoints' | 'history' | 'description' | 'search';

interface SceneInfoTabsProps {
  /** The real scene; null for an alternate-source view, which has the description only. */
  scene: Scene | null;
  summary: SceneSummary;
  showSearchFields: boolean;
  getCurrentTime: () => number | null;
}

/** The lower tabs: Files (count), Cuepoints (count), Watch history, Description and Search fields (option). */
export function SceneInfoTabs({ scene, summary, showSearchFields, getCurrentTime }: SceneInfoTabsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<InfoTab>(scene === null ? 'description' : 'files');
  const description = (
    <Paper withBorder p="sm" radius="md">
      {summary.synopsis.trim() === '' ? (
        <Text c="dimmed" fz="sm">
          {t('sceneDetails.noDescription')}
        </Text>
      ) : (
        <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
          {summary.synopsis}
        </Text>
      )}
    </Paper>
  );
  if (scene === null) {
    return (
      <Tabs value="description" data-testid="scene-info-tabs">
        <Tabs.List>
          <Tabs.Tab value="description">{t('sceneDetails.tabs.description')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="description" pt="sm">
          {description}
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value ?? 'files') as InfoTab)}
      keepMounted={false}
      data-testid="scene-info-tabs"
    >
      <Tabs.List>
        <Tabs.Tab value="files">{t('sceneDetails.tabs.files', { count: scene.file.length })}</Tabs.Tab>
        <Tabs.Tab value="cuepoints">
          {t('sceneDetails.tabs.cuepoints', { count: scene.cuepoints.length })}
        </Tabs.Tab>
        <Tabs.Tab value="history">{t('sceneDetails.tabs.history')}</Tabs.Tab>
        <Tabs.Tab value="description">{t('sceneDetails.tabs.description')}</Tabs.Tab>
        {showSearchFields && <Tabs.Tab value="search">{t('sceneDetails.tabs.searchFields')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="files" pt="sm">
        <SceneFilesTab scene={scene} />
      </Tabs.Panel>
      <Tabs.Panel value="cuepoints" pt="sm">
        <Suspense
          fallback={
            <Center mih={80}>
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          }
        >
          <CuepointsTab scene={scene} getCurrentTime={getCurrentTime} />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="sm">
        <WatchHistoryTab history={scene.history} />
      </Tabs.Panel>
      <Tabs.Panel value="description" pt="sm">
        {description}
      </Tabs.Panel>
      {showSearchFields && (
        <Tabs.Panel value="search" pt="sm">
          <SearchFieldsTab sceneId={scene.id} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
