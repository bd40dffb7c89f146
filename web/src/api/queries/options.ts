import type { AdvancedOptions, OptionsStateResponse, RouteBody, WebOptions } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

const HOUR_MS = 60 * 60 * 1000;

/** GET /api/options/version-check: current and latest version; checked at most once an hour. */
export function useVersionCheck() {
  return useQuery({
    queryKey: optionsKeys.versionCheck,
    queryFn: ({ signal }) => apiCall('versionCheck', { signal }),
    staleTime: HOUR_MS,
    gcTime: HOUR_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/options/state: the whole saved configuration plus live server state. */
export function useOptionsState() {
  return useQuery({
    queryKey: optionsKeys.state,
    queryFn: ({ signal }) => apiCall('optionsState', { signal }),
  });
}

function withConfig(
  state: OptionsStateResponse | undefined,
  update: (config: OptionsStateResponse['config']) => OptionsStateResponse['config'],
): OptionsStateResponse | undefined {
  return state ? { ...state, config: update(state.config) } : state;
}

/** PUT /api/options/interface/web; the saved values replace config.web in the cached options state. */
export function useSaveWebOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'saveWebOptions'>) => apiCall('saveWebOptions', { body }),
    onSuccess: (saved: WebOptions) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        withConfig(state, (config) => ({ ...config, web: saved })),
      );
    },
  });
}

/** PUT /api/options/interface/advanced; the saved values replace config.advanced in the cached state. */
export function useSaveAdvancedOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'saveAdvancedOptions'>) => apiCall('saveAdvancedOptions', { body }),
    onSuccess: (saved: AdvancedOptions) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        withConfig(state, (config) => ({ ...config, advanced: saved })),
      );
    },
  });
}
