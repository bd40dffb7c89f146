import type { Scene } from '@fovea/contract';
import { Grid, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../api/queries/options';
import { useRateScene, useToggleSceneFlag } from '../../api/queries/scene-flags';
import { DetailsColumns, DetailsFrameBody } from '../../components/details-overlay/DetailsFrameBody';
import type { PlayerHandle } from '../player/player-handle';
import { StashdbSceneSearchDialog } from '../stashdb-search/StashdbSceneSearchDialog';
import { AlternateSourceActions } from './AlternateSourceActions';
import { AlternateSourceBadges } from './AlternateSourceBadges';
import type { AlternateSourceView, DetailsAction } from './details-state';
import { DetailsFooter } from './DetailsFooter';
import { DetailsHeading } from './DetailsHeading';
import { galleryImages } from './scene-summary';
import type { SceneSummary } from './scene-summary';
import { SceneChips } from './SceneChips';
import { SceneFlagBar } from './SceneFlagBar';
import { SceneInfoTabs } from './SceneInfoTabs';
import { SceneMedia } from './SceneMedia';
import type { MediaTab } from './SceneMedia';
import { useDetailsShortcuts } from './use-details-shortcuts';

export interface DetailsBodyProps {
  scene: Scene;
  /** What is shown: the scene, or the alternate-source scene opened over it. */
  summary: SceneSummary;
  alternate: AlternateSourceView | null;
  prevId: number | null;
  nextId: number | null;
  keysEnabled: boolean;
  rootRef: RefObject<HTMLDivElement | null>;
  dispatch: Dispatch<DetailsAction>;
}

/** The overlay's content for one scene (remounted per scene, so tabs and carousel start afresh). */
export function DetailsBody({
  scene,
  summary,
  alternate,
  prevId,
  nextId,
  keysEnabled,
  rootRef,
  dispatch,
}: DetailsBodyProps) {
  const { t } = useTranslation();
  const config = useOptionsState().data?.config;
  const toggle = useToggleSceneFlag();
  const rate = useRateScene();
  const playerRef = useRef<PlayerHandle>(null);
  const [media, setMedia] = useState<MediaTab>('gallery');
  const [slide, setSlide] = useState(0);
  const [stashdbOpen, setStashdbOpen] = useState(false);
  const slides = galleryImages(summary).length;
  const readOnly = alternate !== null;
  const showPlayer = media === 'player' && !readOnly;
  const ownKeys = keysEnabled && !stashdbOpen;

  const moveSlide = (delta: number) => {
    if (slides > 0) setSlide((current) => (current + delta + slides) % slides);
  };

  useDetailsShortcuts(
    {
      close: () => dispatch({ type: 'back' }),
      left: () => (showPlayer ? playerRef.current?.skip(-1) : moveSlide(-1)),
      right: () => (showPlayer ? playerRef.current?.skip(1) : moveSlide(1)),
      previous: () => dispatch({ type: 'step', delta: -1 }),
      next: () => dispatch({ type: 'step', delta: 1 }),
      toggleMedia: () => {
        if (!readOnly) setMedia((current) => (current === 'gallery' ? 'player' : 'gallery'));
      },
      scene: readOnly
        ? null
        : {
            toggle: (list) => toggle.mutate({ scene, list }),
            edit: () => dispatch({ type: 'openEdit', sceneId: scene.id }),
            resetRating: () => rate.mutate({ scene, rating: 0 }),
            searchStashdb: () => setStashdbOpen(true),
          },
    },
    { enabled: ownKeys, rootRef },
  );

  return (
    <DetailsFrameBody
      hasPrevious={prevId !== null}
      hasNext={nextId !== null}
      onStep={(delta) => dispatch({ type: 'step', delta })}
      labels={{
        previous: t('sceneDetails.previous'),
        previousHint: t('sceneDetails.previousHint'),
        next: t('sceneDetails.next'),
        nextHint: t('sceneDetails.nextHint'),
      }}
    >
      <DetailsColumns>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SceneMedia
            scene={readOnly ? null : scene}
            summary={summary}
            tab={readOnly ? 'gallery' : media}
            onTabChange={setMedia}
            slide={slide}
            onSlideChange={setSlide}
            playerRef={playerRef}
            keysEnabled={ownKeys}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <DetailsHeading summary={summary} />
            {alternate !== null ? (
              <AlternateSourceActions
                view={alternate}
                onDone={(sceneId) =>
                  dispatch(sceneId === undefined ? { type: 'back' } : { type: 'open', sceneId })
                }
              />
            ) : (
              <>
                <SceneFlagBar
                  scene={scene}
                  onEdit={() => dispatch({ type: 'openEdit', sceneId: scene.id })}
                  onSearchStashdb={() => setStashdbOpen(true)}
                />
                <AlternateSourceBadges
                  sceneId={scene.id}
                  onOpen={(view) => dispatch({ type: 'showAlternate', view })}
                />
              </>
            )}
            <SceneChips
              summary={summary}
              tagSort={config?.web.tagSort ?? 'by-tag-count'}
              openInNewWindow={config?.web.showOpenInNewWindow ?? false}
              onNavigate={() => dispatch({ type: 'close', navigation: true })}
            />
            <SceneInfoTabs
              scene={readOnly ? null : scene}
              summary={summary}
              showSearchFields={config?.advanced.showSceneSearchField ?? false}
              getCurrentTime={() => playerRef.current?.getCurrentTime() ?? null}
            />
          </Stack>
        </Grid.Col>
      </DetailsColumns>
      <DetailsFooter
        sceneId={summary.scene_id}
        internalId={readOnly ? null : scene.id}
        showInternalId={config?.advanced.showInternalSceneId ?? false}
        showHspLink={config?.advanced.showHSPApiLink ?? false}
      />
      {stashdbOpen && !readOnly && (
        <StashdbSceneSearchDialog scene={scene} onClose={() => setStashdbOpen(false)} />
      )}
    </DetailsFrameBody>
  );
}
