import type {
  CollectorConfigList,
  RouteBody,
  Scene,
  Site,
  SiteHealthList,
  SiteToggleFlag,
  SingleScrapeResponse,
} from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys, sceneKeys } from '../query-keys';
import { updateSceneInCaches } from './scene-cache';

/** Query keys of the scraper calls. */
export const scraperKeys = {
  all: ['scrapers'] as const,
  /** GET /api/scrapers/sites: the sites with their definition and last run. */
  health: ['scrapers', 'health'] as const,
  /** GET /api/options/sites: the plain wire site list. */
  sites: ['scrapers', 'sites'] as const,
  /** GET /api/scrapers/single-scene: the URL patterns of the single-scene scrapers. */
  singleSceneRoutes: ['scrapers', 'single-scene'] as const,
  /** GET /api/options/collector-config-list. */
  collectorConfigs: ['options', 'collector-configs'] as const,
};

/** GET /api/scrapers/sites: every site with its health (Options → Scrapers). */
export function useScraperHealth() {
  return useQuery({
    queryKey: scraperKeys.health,
    queryFn: ({ signal }) => apiCall('scraperHealth', { signal }),
  });
}

/** GET /api/options/sites: the site list (which scraper ids exist, e.g. for a scene's Rescrape action). */
export function useSiteList(enabled = true) {
  return useQuery({
    queryKey: scraperKeys.sites,
    queryFn: ({ signal }) => apiCall('siteList', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

const TOGGLE_ROUTE = {
  is_enabled: 'toggleSiteEnabled',
  subscribed: 'toggleSiteSubscribed',
  limit_scraping: 'toggleSiteLimitScraping',
  scrape_stash: 'toggleSiteScrapeStash',
} as const satisfies Record<SiteToggleFlag, string>;

/**
 * Puts a site list a toggle answered into the health list: the wire fields change, the definition and last
 * run stay. Unchanged sites keep their identity (structural sharing), so only changed rows render again.
 */
export function mergeSiteList(health: SiteHealthList | undefined, sites: readonly Site[]) {
  if (health === undefined) return health;
  const byId = new Map(sites.map((site) => [site.id, site]));
  return health.map((entry) => {
    const site = byId.get(entry.id);
    return site === undefined ? entry : { ...entry, ...site };
  });
}

function storeSiteList(queryClient: QueryClient, sites: Site[]) {
  queryClient.setQueryData<Site[]>(scraperKeys.sites, sites);
  queryClient.setQueryData<SiteHealthList>(scraperKeys.health, (health) => mergeSiteList(health, sites));
}

export interface SiteToggle {
  id: string;
  flag: SiteToggleFlag;
}

/** PUT /api/options/sites[/{flag}]/{id}: flips one flag of one site; the answer (every site) is stored. */
export function useToggleSiteFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flag }: SiteToggle) => apiCall(TOGGLE_ROUTE[flag], { params: { id }, body: {} }),
    onSuccess: (sites) => {
      storeSiteList(queryClient, sites);
      void queryClient.invalidateQueries({ queryKey: optionsKeys.state });
    },
  });
}

/**
 * Flips one flag on several sites, one call after another (as the reference's bulk actions do); the last
 * answer holds every change. Sites already in the wanted state are left alone by the caller.
 */
export function useBulkToggleSiteFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, flag }: { ids: readonly string[]; flag: SiteToggleFlag }) => {
      let last: Site[] | null = null;
      for (const id of ids) {
        last = await apiCall(TOGGLE_ROUTE[flag], { params: { id }, body: {} });
        storeSiteList(queryClient, last);
      }
      return last;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: optionsKeys.state });
    },
  });
}

function useRefreshSites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scraperKeys.health }),
      queryClient.invalidateQueries({ queryKey: scraperKeys.sites }),
    ]);
}

/** GET /api/task/scrape?site=: one site, or `_enabled` for every enabled site. Progress comes over /ws/. */
export function useStartScrape() {
  return useMutation({
    mutationFn: (site: string) => apiCall('startScrape', { query: { site } }),
  });
}

/** POST /api/options/scraper/force-site-update: the site's scenes are marked for update. */
export function useForceSiteUpdate() {
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: (scraperId: string) => apiCall('forceSiteUpdate', { body: { scraper_id: scraperId } }),
    onSuccess: refresh,
  });
}

/** POST /api/options/scraper/delete-scenes: deletes the scenes of a site; the sites are read again. */
export function useDeleteSiteScenes() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: (scraperId: string) => apiCall('deleteSiteScenes', { body: { scraper_id: scraperId } }),
    onSuccess: async () => {
      await refresh();
      void queryClient.invalidateQueries({ queryKey: sceneKeys.all });
    },
  });
}

/** POST /api/scrapers/definitions/reload: reads the definition files again; answers each with its error. */
export function useReloadDefinitions() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: () => apiCall('reloadScraperDefinitions', { body: {} }),
    onSuccess: async () => {
      await refresh();
      void queryClient.invalidateQueries({ queryKey: scraperKeys.singleSceneRoutes });
    },
  });
}

/** GET /api/scrapers/single-scene: which site scrapes a scene URL, and the extra fields it asks for. */
export function useSingleSceneRoutes() {
  return useQuery({
    queryKey: scraperKeys.singleSceneRoutes,
    queryFn: ({ signal }) => apiCall('singleSceneRoutes', { signal }),
  });
}

/**
 * POST /api/task/singlescrape, without a client timeout (a scrape can take long). An OK answer's scene is put
 * in the scene caches.
 */
export function useSingleScrape() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'singleScrape'>): Promise<SingleScrapeResponse> =>
      apiCall('singleScrape', { body }),
    onSuccess: (answer) => {
      if (answer.status !== 'OK') return;
      updateSceneInCaches(queryClient, answer.scene);
      void queryClient.invalidateQueries({ queryKey: sceneKeys.lists });
    },
  });
}

/** POST /api/scene/create with a title and an optional scene id (blank: generated). */
export function useCreateCustomScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; id: string }): Promise<Scene> => apiCall('sceneCreate', { body }),
    onSuccess: (scene) => {
      queryClient.setQueryData<Scene>(sceneKeys.detail(scene.id), scene);
      void queryClient.invalidateQueries({ queryKey: sceneKeys.lists });
    },
  });
}

/** GET /api/options/collector-config-list: the per-domain cookies, headers and body of the scrapers. */
export function useCollectorConfigs() {
  return useQuery({
    queryKey: scraperKeys.collectorConfigs,
    queryFn: async ({ signal }): Promise<CollectorConfigList> =>
      (await apiCall('collectorConfigList', { signal })) ?? [],
  });
}

/** POST /api/options/save-collector-config: from the form, or a parsed import file posted as it is. */
export function useSaveCollectorConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'saveCollectorConfig'>) => apiCall('saveCollectorConfig', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scraperKeys.collectorConfigs }),
  });
}

/** DELETE /api/options/delete-collector-config (the domain key in a JSON body). */
export function useDeleteCollectorConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainKey: string) => apiCall('deleteCollectorConfig', { body: { domain_key: domainKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scraperKeys.collectorConfigs }),
  });
}
