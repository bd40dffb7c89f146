import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiCall } from '../../api/client';
import { sceneKeys } from '../../api/query-keys';
import { useSceneDetails } from '../scene-details/scene-details-context';

/** What another screen puts in the navigation state to open a scene here (the Files screen's Create and Edit). */
export interface SceneOpenState {
  /** Numeric id of the scene. */
  sceneId: number;
  /** Open its edit dialog too. */
  edit?: boolean;
}

export function readSceneOpenState(state: unknown): SceneOpenState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { sceneId, edit } = state as Record<string, unknown>;
  if (typeof sceneId !== 'number' || !Number.isInteger(sceneId) || sceneId <= 0) return null;
  return { sceneId, edit: edit === true };
}

/**
 * Opens the scene a navigation asked for in its state `{ sceneId, edit? }`, once. The scene is fetched first
 * (and so cached for the overlay); its details open unless there is no such scene (the reference's id 0). The
 * state is then cleared (replace), so going back or reloading does not open it again; the details themselves
 * then name the scene in the address (DetailsUrlSync, which also opens the reference's `?scene_id=` links).
 */
export function useOpenSceneFromState(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const details = useSceneDetails();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);

  const request = readSceneOpenState(location.state);

  useEffect(() => {
    if (request === null || handled.current === location.key) return;
    handled.current = location.key;
    const { sceneId, edit } = request;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    void queryClient
      .fetchQuery({
        queryKey: sceneKeys.detail(sceneId),
        queryFn: ({ signal }) => apiCall('sceneGet', { params: { id: String(sceneId) }, signal }),
      })
      .then(
        (scene) => {
          if (scene.id !== 0) details.open(scene.id, { edit: edit === true });
        },
        () => undefined,
      );
  });
}
