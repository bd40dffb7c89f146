import type { CacheOptions, CacheOptionsUpdate, OptionsStateResponse } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/**
 * PUT /api/options/cache; the answer replaces config.cache in the cached options state, and the state is read
 * again for the figures (the images limit, and what a lower limit removed).
 */
export function useSaveCacheOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CacheOptionsUpdate) => apiCall('saveCacheOptions', { body }),
    onSuccess: async (saved: CacheOptions) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state ? { ...state, config: { ...state.config, cache: saved } } : state,
      );
      await queryClient.invalidateQueries({ queryKey: optionsKeys.state });
    },
  });
}
