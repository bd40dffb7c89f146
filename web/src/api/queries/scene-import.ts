import type { RouteBody } from '@fovea/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/**
 * POST /api/task/scrape-javr: queues the import of JAV scenes by id from one source; the source becomes the
 * saved default, so the options state is read again. Progress and errors come over /ws/.
 */
export function useScrapeJavr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'scrapeJavr'>) => apiCall('scrapeJavr', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.state }),
  });
}

/** POST /api/task/scrape-tpdb: queues the import of one ThePornDB scene ("set" as the token: the stored one). */
export function useScrapeTpdb() {
  return useMutation({
    mutationFn: (body: RouteBody<'scrapeTpdb'>) => apiCall('scrapeTpdb', { body }),
  });
}
