import type { DlnaOptionsBody, DlnaOptionsResponse, OptionsStateResponse } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/** Where the server serves the PNG of a DLNA icon (the names of currentState.dlna.images). */
export const dlnaIconUrl = (name: string): string => `/dlna/icons/${encodeURIComponent(name)}.png`;

/**
 * PUT /api/options/interface/dlna (`name`/`image` on the wire, serviceName/serviceImage in the config). The
 * saved values replace config.interfaces.dlna; the state is then read again, because saving restarts or
 * stops the DLNA server and so changes currentState.dlna.running.
 */
export function useSaveDlnaOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DlnaOptionsBody) => apiCall('saveDlnaOptions', { body }),
    onSuccess: (saved: DlnaOptionsResponse) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state
          ? {
              ...state,
              config: {
                ...state.config,
                interfaces: {
                  ...state.config.interfaces,
                  dlna: {
                    enabled: saved.enabled,
                    serviceName: saved.name,
                    serviceImage: saved.image,
                    allowedIp: saved.allowedIp,
                  },
                },
              },
            }
          : state,
      );
      // Not awaited: the caller's toast must not wait for (or be lost in) the form remade by the refetch.
      void queryClient.invalidateQueries({ queryKey: optionsKeys.state });
    },
  });
}
