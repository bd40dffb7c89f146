import { TIMEOUTS } from '@fovea/contract';
import type { Playlist, PlaylistBodyInput, PlaylistType } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { playlistKeys } from '../query-keys';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** GET /api/playlist (scene searches) or /api/playlist/actor: the saved searches, in their order. */
export function useSavedSearches(type: PlaylistType = 'scene') {
  return useQuery({
    queryKey: playlistKeys[type],
    queryFn: ({ signal }): Promise<Playlist[]> =>
      type === 'scene'
        ? apiCall('playlists', { signal, timeoutMs: TIMEOUTS.savedSearches })
        : apiCall('playlistsByType', {
            params: { playlist_type: type },
            signal,
            timeoutMs: TIMEOUTS.savedSearches,
          }),
    staleTime: FIVE_MINUTES_MS,
  });
}

function useRefreshSavedSearches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: playlistKeys.all });
}

/** POST /api/playlist: a new saved search; answers it (the UI makes it the current one). */
export function useCreateSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (body: PlaylistBodyInput) => apiCall('createPlaylist', { body }),
    onSuccess: refresh,
  });
}

/** PUT /api/playlist/{id}: name, search_params and is_deo_enabled of a saved search that is not a system one. */
export function useUpdateSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlaylistBodyInput }) =>
      apiCall('updatePlaylist', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** DELETE /api/playlist/{id}. */
export function useDeleteSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (id: number) => apiCall('deletePlaylist', { params: { id } }),
    onSuccess: refresh,
  });
}
