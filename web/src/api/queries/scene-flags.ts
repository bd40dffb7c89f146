import type { Scene, SceneToggleList } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyDanger } from '../../components/notify';
import { apiCall } from '../client';
import { sceneKeys } from '../query-keys';
import { cachedScene, updateSceneInCaches } from './scene-cache';

/** The scene field each list of POST /api/scene/toggle flips. */
export const SCENE_FLAG_FIELD = {
  watchlist: 'watchlist',
  favourite: 'favourite',
  watched: 'is_watched',
  trailerlist: 'trailerlist',
  needs_update: 'needs_update',
  is_hidden: 'is_hidden',
  wishlist: 'wishlist',
} as const satisfies Record<SceneToggleList, keyof Scene>;

export type SceneFlagField = (typeof SCENE_FLAG_FIELD)[SceneToggleList];

/** False when the server would not flip the flag: wishlist flips only while the scene is not available. */
export function canToggleSceneFlag(scene: Scene, list: SceneToggleList): boolean {
  return list !== 'wishlist' || !scene.is_available;
}

/** The scene with one flag flipped. */
export function flipSceneFlag(scene: Scene, list: SceneToggleList): Scene {
  const field: SceneFlagField = SCENE_FLAG_FIELD[list];
  const flipped: Scene = { ...scene };
  flipped[field] = !scene[field];
  return flipped;
}

/**
 * Per scene, while calls for it are in flight: how many, the newest rating sent, and the rating of the newest
 * rating call the server confirmed (the scene's rating when the burst of calls began).
 */
interface SceneWrites {
  pending: number;
  rateToken: number;
  confirmedToken: number;
  confirmedRating: number;
}

const writesByClient = new WeakMap<QueryClient, Map<number, SceneWrites>>();

function startWrite(queryClient: QueryClient, scene: Scene): SceneWrites {
  let byScene = writesByClient.get(queryClient);
  if (byScene === undefined) {
    byScene = new Map();
    writesByClient.set(queryClient, byScene);
  }
  let writes = byScene.get(scene.id);
  if (writes === undefined) {
    writes = { pending: 0, rateToken: 0, confirmedToken: 0, confirmedRating: scene.star_rating };
    byScene.set(scene.id, writes);
  }
  writes.pending += 1;
  return writes;
}

function isScene(answer: unknown): answer is Scene {
  return typeof answer === 'object' && answer !== null && 'id' in answer && 'scene_id' in answer;
}

/**
 * Ends one call for a scene. When it was the last one in flight, the caches get the server's answer (if the
 * call answered a scene) with the newest confirmed rating, so a burst of clicks always ends in the server's
 * state.
 */
function finishWrite(queryClient: QueryClient, sceneId: number, answer: unknown): void {
  const byScene = writesByClient.get(queryClient);
  const writes = byScene?.get(sceneId);
  if (byScene === undefined || writes === undefined) return;
  writes.pending -= 1;
  if (writes.pending > 0) return;
  byScene.delete(sceneId);
  const base = isScene(answer) ? answer : cachedScene(queryClient, sceneId);
  if (base === undefined) return;
  if (writes.rateToken > 0) {
    updateSceneInCaches(queryClient, { ...base, star_rating: writes.confirmedRating });
  } else if (isScene(answer)) {
    updateSceneInCaches(queryClient, answer);
  }
}

/** The scene as cached now, else as the caller had it. */
const currentScene = (queryClient: QueryClient, scene: Scene): Scene =>
  cachedScene(queryClient, scene.id) ?? scene;

const sceneName = (scene: Scene): string => (scene.title.trim() === '' ? scene.scene_id : scene.title);

export interface ToggleSceneFlagVariables {
  scene: Scene;
  list: SceneToggleList;
}

interface ToggleContext {
  flipped: boolean;
}

/**
 * POST /api/scene/toggle. The flag flips at once in every cache (cards and details agree), then the call is
 * sent. The server flips too, so a refused call flips the flag back on the scene as it is then, which keeps
 * rapid repeated clicks right; it also shows a danger toast.
 */
export function useToggleSceneFlag() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation<unknown, Error, ToggleSceneFlagVariables, ToggleContext>({
    mutationKey: ['scene-flags', 'toggle'],
    mutationFn: ({ scene, list }) => apiCall('sceneToggle', { body: { scene_id: scene.scene_id, list } }),
    onMutate: async ({ scene, list }) => {
      const base = currentScene(queryClient, scene);
      startWrite(queryClient, base);
      if (!canToggleSceneFlag(base, list)) return { flipped: false };
      updateSceneInCaches(queryClient, flipSceneFlag(base, list));
      // A details fetch already under way would answer the old flag.
      await queryClient.cancelQueries({ queryKey: sceneKeys.detail(scene.id), exact: true });
      return { flipped: true };
    },
    onSuccess: (answer, { scene }) => finishWrite(queryClient, scene.id, answer),
    onError: (_error, { scene, list }, context) => {
      if (context?.flipped === true) {
        updateSceneInCaches(queryClient, flipSceneFlag(currentScene(queryClient, scene), list));
      }
      finishWrite(queryClient, scene.id, null);
      notifyDanger(t('sceneCard.toggleFailed', { title: sceneName(scene) }));
    },
  });
}

export interface RateSceneVariables {
  scene: Scene;
  /** 0 to 5 in half steps; 0 resets. */
  rating: number;
}

interface RateContext {
  token: number;
}

/**
 * POST /api/scene/rate/{id}. The rating shows at once everywhere. When the last call in flight for the scene
 * settles, the scene shows the newest rating the server confirmed: a refused call so rolls back (with a danger
 * toast), and the newest of several quick ratings wins.
 */
export function useRateScene() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation<Scene, Error, RateSceneVariables, RateContext>({
    mutationKey: ['scene-flags', 'rate'],
    mutationFn: ({ scene, rating }) => apiCall('sceneRate', { params: { id: scene.id }, body: { rating } }),
    onMutate: async ({ scene, rating }) => {
      const base = currentScene(queryClient, scene);
      const writes = startWrite(queryClient, base);
      writes.rateToken += 1;
      const token = writes.rateToken;
      updateSceneInCaches(queryClient, { ...base, star_rating: rating });
      await queryClient.cancelQueries({ queryKey: sceneKeys.detail(scene.id), exact: true });
      return { token };
    },
    onSuccess: (answer, { scene, rating }, context) => {
      const writes = writesByClient.get(queryClient)?.get(scene.id);
      if (writes !== undefined && context.token > writes.confirmedToken) {
        writes.confirmedToken = context.token;
        writes.confirmedRating = isScene(answer) ? answer.star_rating : rating;
      }
      finishWrite(queryClient, scene.id, answer);
    },
    onError: (_error, { scene }) => {
      finishWrite(queryClient, scene.id, null);
      notifyDanger(t('sceneCard.rateFailed', { title: sceneName(scene) }));
    },
  });
}
