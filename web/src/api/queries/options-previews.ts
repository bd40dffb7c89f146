import type { OptionsStateResponse, PreviewSettingsBody, PreviewSettingsResponse } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/** Where a preview clip is served: a scene's (its scene_id) or a test preview (`test<sha1>`). */
export const previewUrl = (name: string): string => `/api/dms/preview/${encodeURIComponent(name)}`;

/** PUT /api/options/previews; the saved settings replace config.library.preview in the cached state. */
export function useSavePreviewOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreviewSettingsBody) => apiCall('savePreviewOptions', { body }),
    onSuccess: (saved: PreviewSettingsResponse) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state
          ? {
              ...state,
              config: { ...state.config, library: { ...state.config.library, preview: saved } },
            }
          : state,
      );
    },
  });
}

/**
 * POST /api/options/previews/test: renders a preview with these (possibly unsaved) settings in the background;
 * the websocket topic options.previews.previewReady then names it.
 */
export function useTestPreview() {
  return useMutation({
    mutationFn: (body: PreviewSettingsBody) => apiCall('testPreview', { body }),
  });
}

/** GET /api/task/preview/generate: queues the preview job (lock "previews"). */
export function useGeneratePreviews() {
  return useMutation({ mutationFn: () => apiCall('generatePreviews') });
}
