import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { apiCall } from '../../api/client';
import { sceneKeys } from '../../api/query-keys';
import { useRemoteState } from '../realtime';
import { EMPTY_REMOTE_SCENES, remoteScenesReducer } from './remote-player';
import type { RemoteScenes } from './remote-player';

/**
 * The DeoVR remote state (remote.state) with its scenes: whenever the reported currentSceneID changes to
 * another scene, that scene is fetched (GET /api/scene/{id}) and the previous one goes to the history.
 */
export function useRemotePlayer() {
  const remote = useRemoteState();
  const queryClient = useQueryClient();
  const [scenes, receive] = useReducer(remoteScenesReducer, EMPTY_REMOTE_SCENES);
  const sceneId = remote?.currentSceneID ?? 0;
  const currentId = scenes.current?.id ?? 0;

  useEffect(() => {
    if (sceneId <= 0 || sceneId === currentId) return undefined;
    let cancelled = false;
    queryClient
      .fetchQuery({
        queryKey: sceneKeys.detail(sceneId),
        queryFn: ({ signal }) => apiCall('sceneGet', { params: { id: String(sceneId) }, signal }),
      })
      .then(
        (scene) => {
          if (!cancelled && scene.id !== 0) receive(scene);
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [sceneId, currentId, queryClient]);

  return { remote, ...scenes } satisfies { remote: typeof remote } & RemoteScenes;
}
