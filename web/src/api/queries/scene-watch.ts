import type { WatchReportBody } from '@fovea/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../client';
import { sceneKeys } from '../query-keys';

/**
 * POST /api/scene/{id}/watch: reports one event of the web player's watch session. Sent with keepalive, so a
 * report made while the page is left still arrives; failures are not shown (history is a side matter of
 * watching). An end has closed the session, so the scene (its Watch history) is read again; pauses are not
 * followed by a read (skip buttons pause for a moment on every skip).
 */
export function useWatchReporter(sceneId: number): (body: WatchReportBody) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (body: WatchReportBody) => {
      apiCall('sceneWatch', { params: { id: sceneId }, body, keepalive: true }).then(
        () => {
          if (body.event === 'end') {
            void queryClient.invalidateQueries({ queryKey: sceneKeys.detail(sceneId) });
          }
        },
        // A lost report costs one history entry at most; the next play or progress report starts over.
        () => undefined,
      );
    },
    [queryClient, sceneId],
  );
}
