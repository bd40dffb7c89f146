import type { StorageAddBody, StorageUpdateBody } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { libraryKeys, optionsKeys } from '../query-keys';

/**
 * GET /api/options/storage: the storage locations with their counts, and the storage options. Refreshed by
 * the websocket event state.change.optionsStorage (see RealtimeProvider) and after the mutations below.
 */
export function useStorage() {
  return useQuery({
    queryKey: optionsKeys.storage,
    queryFn: ({ signal }) => apiCall('storage', { signal }),
  });
}

function useRefreshStorage() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: optionsKeys.storage }),
      queryClient.invalidateQueries({ queryKey: libraryKeys.summary }),
    ]);
  };
}

/** PUT /api/options/storage: match_ohash and the video extensions ([] = the defaults). */
export function useSaveStorageOptions() {
  const refresh = useRefreshStorage();
  return useMutation({
    mutationFn: (body: StorageUpdateBody) => apiCall('storageUpdate', { body }),
    onSuccess: refresh,
  });
}

/** POST /api/options/storage: adds a local folder or a put.io account (the server then rescans it). */
export function useAddStorage() {
  const refresh = useRefreshStorage();
  return useMutation({
    mutationFn: (body: StorageAddBody) => apiCall('storageAdd', { body }),
    onSuccess: refresh,
  });
}

/** DELETE /api/options/storage/{id}: forgets a location and its file rows; nothing on disk is touched. */
export function useRemoveStorage() {
  const refresh = useRefreshStorage();
  return useMutation({
    mutationFn: (id: number) => apiCall('storageDelete', { params: { id } }),
    onSuccess: refresh,
  });
}

/**
 * The owner's answer to a rescan that held back more than half of a folder as gone: POST
 * /api/options/storage/{id}/confirm-gone (remove the rows whose file is still gone) or /keep-gone (keep them).
 */
export function useAnswerGone() {
  const refresh = useRefreshStorage();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'confirm' | 'keep' }) =>
      apiCall(answer === 'confirm' ? 'storageConfirmGone' : 'storageKeepGone', { params: { id }, body: {} }),
    onSuccess: refresh,
  });
}

/** GET /api/task/rescan (every location) or /api/task/rescan/{id} (one location). */
export function useRescan() {
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null ? apiCall('rescanAll') : apiCall('rescanVolume', { params: { id } }),
  });
}
