import { TIMEOUTS } from '@fovea/contract';
import type { FilePageRequest, Scene } from '@fovea/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { filesKeys, libraryKeys, optionsKeys, sceneSearchKeys } from '../query-keys';

/** POST /api/files/page: one page of the files list with the total; the previous page stays while loading. */
export function useFilesPage(request: FilePageRequest) {
  return useQuery({
    queryKey: filesKeys.page(request),
    queryFn: ({ signal }) => apiCall('filesPage', { body: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/scene/search?q=: the scenes matching a search text (null scenes = none). Off for an empty text. */
export function useSceneSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: sceneSearchKeys.query(text),
    queryFn: ({ signal }) =>
      apiCall('sceneSearch', { query: { q: text }, signal, timeoutMs: TIMEOUTS.sceneSearch }),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** After a file changes hands: the files list, the library counts, volumes and searches are stale. */
function useInvalidateFiles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: filesKeys.all }),
      queryClient.invalidateQueries({ queryKey: libraryKeys.summary }),
      queryClient.invalidateQueries({ queryKey: optionsKeys.storage }),
      queryClient.invalidateQueries({ queryKey: sceneSearchKeys.all }),
    ]);
}

/** POST /api/files/match {file_id, scene_id (the string scene_id)}. */
export function useMatchFile() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: (body: { file_id: number; scene_id: string }) => apiCall('fileMatch', { body }),
    onSuccess: invalidate,
  });
}

/** POST /api/files/unmatch {file_id}. */
export function useUnmatchFile() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: (fileId: number) => apiCall('fileUnmatch', { body: { file_id: fileId } }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/files/file/{id}: removes the file from disk and from the library. */
export function useDeleteFile() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: (fileId: number) => apiCall('fileDelete', { params: { id: fileId } }),
    onSuccess: invalidate,
  });
}

export interface CreateSceneForFile {
  title: string;
  /** The wanted scene_id; '' lets the server generate one. */
  id: string;
  fileId: number;
  filename: string;
}

/** POST /api/scene/create for a file; the server matches the file to the new scene. Answers the scene. */
export function useCreateSceneForFile() {
  const invalidate = useInvalidateFiles();
  return useMutation({
    mutationFn: ({ title, id, fileId, filename }: CreateSceneForFile): Promise<Scene> =>
      apiCall('sceneCreate', { body: { title, id, filename, file_id: fileId } }),
    onSuccess: invalidate,
  });
}
