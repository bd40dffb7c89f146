import type { FunscriptExportKind, FunscriptOptionsBody, OptionsStateResponse } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/** The zip downloads (not JSON calls): every scripted scene, or only scripts not exported yet. */
export const funscriptExportUrl = (kind: FunscriptExportKind): string => `/api/task/funscript/${kind}`;

/** GET /api/options/funscripts/count: scripted scenes (total) and scenes with a script not exported (updated). */
export function useFunscriptCount() {
  return useQuery({
    queryKey: optionsKeys.funscriptCount,
    queryFn: ({ signal }) => apiCall('funscriptCount', { signal }),
  });
}

/** PUT /api/options/funscripts; the answer replaces config.funscripts in the cached options state. */
export function useSaveFunscriptOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FunscriptOptionsBody) => apiCall('saveFunscriptOptions', { body }),
    onSuccess: (saved: FunscriptOptionsBody) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state ? { ...state, config: { ...state.config, funscripts: saved } } : state,
      );
    },
  });
}
