import type { Scene } from '@fovea/contract';
import { Center, Loader, Tabs } from '@mantine/core';
import { IconPhoto, IconPlayerPlay } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerHandle } from '../player/player-handle';
import { galleryImages } from './scene-summary';
import type { SceneSummary } from './scene-summary';
import { SceneGallery } from './SceneGallery';

const ScenePlayer = lazy(() => import('../player/ScenePlayer'));

export type MediaTab = 'gallery' | 'player';

interface SceneMediaProps {
  /** The real scene (its player); null for an alternate-source view, which has the gallery only. */
  scene: Scene | null;
  summary: SceneSummary;
  tab: MediaTab;
  onTabChange: (tab: MediaTab) => void;
  slide: number;
  onSlideChange: (slide: number) => void;
  playerRef: RefObject<PlayerHandle | null>;
  /** The player's own keys (Space, volume, look); off while a dialog is over the overlay. */
  keysEnabled: boolean;
}

const isMediaTab = (value: string | null): value is MediaTab => value === 'gallery' || value === 'player';

/**
 * The upper tabs: Gallery (carousel) and Player (loaded on first use, so three.js stays out of the list's
 * bundle). The player is only mounted while its tab is shown.
 */
export function SceneMedia({
  scene,
  summary,
  tab,
  onTabChange,
  slide,
  onSlideChange,
  playerRef,
  keysEnabled,
}: SceneMediaProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (isMediaTab(value)) onTabChange(value);
      }}
      keepMounted={false}
      data-testid="scene-media-tabs"
    >
      <Tabs.List justify="center" mb="sm">
        <Tabs.Tab value="gallery" leftSection={<IconPhoto size={16} />}>
          {t('sceneDetails.tabs.gallery')}
        </Tabs.Tab>
        {scene !== null && (
          <Tabs.Tab value="player" leftSection={<IconPlayerPlay size={16} />}>
            {t('sceneDetails.tabs.player')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="gallery">
        <SceneGallery images={galleryImages(summary)} slide={slide} onSlideChange={onSlideChange} />
      </Tabs.Panel>
      {scene !== null && (
        <Tabs.Panel value="player">
          <Suspense
            fallback={
              <Center mih={300}>
                <Loader aria-label={t('common.loading')} />
              </Center>
            }
          >
            <ScenePlayer scene={scene} ref={playerRef} keysEnabled={keysEnabled} />
          </Suspense>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
