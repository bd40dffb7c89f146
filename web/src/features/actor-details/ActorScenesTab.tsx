import type { Actor, WebOptions } from '@fovea/contract';
import { DEFAULT_OPTIONS, SceneFilterState } from '@fovea/contract';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../api/queries/options';
import { useSceneList } from '../../api/queries/scene-list';
import { SceneDetailsContext, useSceneDetails } from '../scene-details/scene-details-context';
import type { SceneDetailsApi } from '../scene-details/scene-details-context';
import { chipFilter, goToSceneList } from '../scene-details/scene-list-links';
import { SceneGrid } from '../scenes/cards/SceneGrid';
import { DEFAULT_SCENE_FILTERS, sceneListRequest } from '../scenes/scene-filter-model';

/** The scene list request of an actor's scenes: every download state, newest release first. */
export function actorScenesRequest(name: string) {
  return sceneListRequest({ ...DEFAULT_SCENE_FILTERS, dlState: 'any', cast: [name], sort: 'release_desc' });
}

interface ActorScenesTabProps {
  actor: Actor;
  /** Called when a scene is opened from the tab (its details then show over the actor details). */
  onSceneOpened: () => void;
  /** Called after moving to the scene list (the overlay closes). */
  onNavigate: () => void;
}

/**
 * The Scenes tab: the actor's scenes as scene cards (the scene list filtered by the actor, so flags and ratings
 * changed anywhere show here too). A card opens the scene details over the actor details, with the loaded
 * scenes as previous/next.
 */
export function ActorScenesTab({ actor, onSceneOpened, onNavigate }: ActorScenesTabProps) {
  const { t } = useTranslation();
  const web: WebOptions = useOptionsState().data?.config.web ?? DEFAULT_OPTIONS.web;
  const request = useMemo(() => actorScenesRequest(actor.name), [actor.name]);
  const list = useSceneList(request);
  const sceneDetails = useSceneDetails();
  const raised = useMemo<SceneDetailsApi>(
    () => ({
      ...sceneDetails,
      open: (sceneId, options) => {
        sceneDetails.open(sceneId, options);
        onSceneOpened();
      },
    }),
    [sceneDetails, onSceneOpened],
  );
  const scenes = useMemo(() => list.data?.pages.flatMap((page) => page.scenes) ?? [], [list.data]);
  const total = list.data?.pages[0]?.results ?? 0;

  if (list.isPending) {
    return (
      <Center mih={120}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (list.isError) return <Text c="dimmed">{t('actorDetails.scenes.loadFailed')}</Text>;
  if (scenes.length === 0) return <Text c="dimmed">{t('actorDetails.scenes.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="actor-scenes">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {t('actorDetails.scenes.total', { count: total })}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconList size={14} />}
          onClick={() => {
            goToSceneList(chipFilter('cast', actor.name, SceneFilterState.parse({ dlState: 'any' })));
            onNavigate();
          }}
        >
          {t('actorDetails.scenes.showInList')}
        </Button>
      </Group>
      <SceneDetailsContext.Provider value={raised}>
        <SceneGrid
          scenes={scenes}
          cardSize={3}
          webOptions={web}
          hasMore={list.hasNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          loadingMore={list.isFetchingNextPage}
        />
      </SceneDetailsContext.Provider>
    </Stack>
  );
}
