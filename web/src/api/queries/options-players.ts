import type { DeovrOptionsBody, DeovrOptionsFlat, OptionsStateResponse } from '@fovea/contract';
import { splitDeovrOptions } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/**
 * PUT /api/options/interface/deovr: the flat players group (DeoVR, HereSphere and the shared sort sequences).
 * The answer (its password "set" or '', never the hash) replaces the three groups in the cached options state.
 */
export function useSavePlayerOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeovrOptionsBody) => apiCall('saveDeovrOptions', { body }),
    onSuccess: (saved: DeovrOptionsFlat) => {
      const { deovr, heresphere, players } = splitDeovrOptions(saved);
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state
          ? {
              ...state,
              config: {
                ...state.config,
                interfaces: {
                  ...state.config.interfaces,
                  deovr: { ...state.config.interfaces.deovr, ...deovr },
                  heresphere: { ...state.config.interfaces.heresphere, ...heresphere },
                  players: { ...state.config.interfaces.players, ...players },
                },
              },
            }
          : state,
      );
    },
  });
}
