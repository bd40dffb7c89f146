import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../client';
import { libraryKeys } from '../query-keys';

/** GET /api/library/summary: how many scenes, actors and files the library holds (refreshed by live events). */
export function useLibrarySummary() {
  return useQuery({
    queryKey: libraryKeys.summary,
    queryFn: ({ signal }) => apiCall('librarySummary', { signal }),
  });
}
