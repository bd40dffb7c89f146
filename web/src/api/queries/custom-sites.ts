import type { CustomSites, RouteBody } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';
import { scraperKeys } from './scrapers';

/** GET /api/options/custom-sites. */
export const customSiteKeys = { list: ['options', 'custom-sites'] as const };

/** Every custom site, by name (Options → Advanced → Create Custom Site). */
export function useCustomSites() {
  return useQuery({
    queryKey: customSiteKeys.list,
    queryFn: async ({ signal }): Promise<CustomSites> => (await apiCall('customSiteList', { signal })) ?? [],
  });
}

/** A custom site change reaches the site lists (Scrapers table, site filters) and the options' scrapers. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customSiteKeys.list }),
      queryClient.invalidateQueries({ queryKey: scraperKeys.health }),
      queryClient.invalidateQueries({ queryKey: scraperKeys.sites }),
      queryClient.invalidateQueries({ queryKey: optionsKeys.state }),
    ]);
}

/** PUT /api/options/custom-sites/create: creates the site, or edits the one its URL names. */
export function useSaveCustomSite() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: RouteBody<'createCustomSite'>) => apiCall('createCustomSite', { body }),
    onSuccess: refresh,
  });
}

/** DELETE /api/options/custom-sites/{id}: the site goes, its scenes stay. */
export function useDeleteCustomSite() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => apiCall('deleteCustomSite', { params: { id } }),
    onSuccess: refresh,
  });
}
