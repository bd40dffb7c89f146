import type { CountryEntry } from '@fovea/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys } from '../query-keys';

/**
 * GET /api/actor/countrylist: every country (code, name, flag_url) sorted by name. The list never changes
 * while the app runs, so it is read once.
 */
export function useCountryList() {
  return useQuery({
    queryKey: actorKeys.countries,
    queryFn: ({ signal }): Promise<CountryEntry[]> => apiCall('actorCountryList', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
