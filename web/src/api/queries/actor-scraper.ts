import type { ActorRuleSetList } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { actorKeys } from '../query-keys';

const RULE_SETS_KEY = ['actor-scraper', 'rule-sets'] as const;

/** GET /api/extref/generic/rule_sets: the actor scraper's rule sets in use (which profile pages it can read). */
export function useActorRuleSets() {
  return useQuery({
    queryKey: RULE_SETS_KEY,
    queryFn: ({ signal }): Promise<ActorRuleSetList> => apiCall('genericRuleSets', { signal }),
    staleTime: 60_000,
  });
}

export interface ScrapeActorProfileVariables {
  actorId: number;
  url: string;
}

/**
 * POST /api/extref/generic/scrape_single: reads one profile page of the actor now (the owner's edits stay).
 * The actor, its references and the lists load again.
 */
export function useScrapeActorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actorId, url }: ScrapeActorProfileVariables) =>
      // No time limit: the page waits its turn behind the site's request pace.
      apiCall('genericScrapeSingle', { body: { id: actorId, url } }),
    onSuccess: (_answer, { actorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: actorKeys.detail(actorId) }),
        queryClient.invalidateQueries({ queryKey: actorKeys.extrefs(actorId) }),
        queryClient.invalidateQueries({ queryKey: actorKeys.lists }),
      ]),
  });
}

/**
 * GET /api/extref/generic/scrape_all: starts reading every actor profile page not scraped yet (empty fields
 * only). The server answers at once; the job's progress comes over /ws/.
 */
export function useScrapeAllActors() {
  return useMutation({ mutationFn: () => apiCall('genericScrapeAll', {}) });
}

/**
 * GET /api/extref/generic/scrape_by_site/{siteId}: starts reading the profile pages of the site's actors again,
 * overwriting (the owner's edits stay). The server answers at once; progress comes over /ws/.
 */
export function useScrapeSiteActors(report: { onSuccess: () => void; onError: (error: Error) => void }) {
  // The callbacks go with the mutation itself: a menu item that started it is gone once the menu closes.
  return useMutation({
    mutationFn: (siteId: string) => apiCall('genericScrapeBySite', { params: { siteId } }),
    onSuccess: report.onSuccess,
    onError: report.onError,
  });
}
