import type { AlternateSourceItem, DeleteLinksMode, SiteMatchParams } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { sceneKeys } from '../query-keys';
import { updateSceneInCaches } from './scene-cache';

/** Query keys of the alternate-site calls. */
export const alternateSiteKeys = {
  /** GET /api/options/site/match_params/{site}. */
  matchParams: (siteId: string) => ['alternate-sites', 'match-params', siteId] as const,
};

/** The "alternate scene" sources of one alternate site, or of every one ("alternate scene %", a LIKE pattern). */
export const alternateSourceOf = (siteId: string) => `alternate scene ${siteId}`;
export const EVERY_ALTERNATE_SOURCE = 'alternate scene %';

/** GET /api/options/site/match_params/{site}: the site's parameters, defaults filled. */
export function useMatchParams(siteId: string) {
  return useQuery({
    queryKey: alternateSiteKeys.matchParams(siteId),
    queryFn: ({ signal }) => apiCall('siteMatchParams', { params: { site: siteId }, signal }),
  });
}

/** POST /api/options/site/save_match_params. */
export function useSaveMatchParams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, params }: { siteId: string; params: SiteMatchParams }) =>
      apiCall('saveSiteMatchParams', { body: { site: siteId, match_params: params } }),
    onSuccess: (_answer, { siteId, params }) =>
      queryClient.setQueryData(alternateSiteKeys.matchParams(siteId), params),
  });
}

/** Alternate links changed: every scene's sources and the lists (sort "linked to alternate sites") follow. */
function useLinksChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['scenes', 'alternate-sources'] });
    void queryClient.invalidateQueries({ queryKey: sceneKeys.lists });
  };
}

/** DELETE /api/extref/delete_extref_source_links/{all|keep_manual}. */
export function useDeleteAlternateLinks() {
  const changed = useLinksChanged();
  return useMutation({
    mutationFn: ({ mode, source, before }: { mode: DeleteLinksMode; source: string; before?: string }) =>
      apiCall('deleteExtrefSourceLinks', {
        params: { mode },
        body: { external_source: source, ...(before === undefined ? {} : { delete_date: before }) },
      }),
    onSuccess: changed,
  });
}

/** DELETE /api/extref/delete_extref_source: every scene an alternate site brought, with its links. */
export function useDeleteAlternateSource() {
  const changed = useLinksChanged();
  return useMutation({
    mutationFn: (source: string) => apiCall('deleteExtrefSource', { body: { external_source: source } }),
    onSuccess: changed,
  });
}

/** GET /api/task/relink_alt_aource_scenes: starts the linking job. */
export function useRelinkAlternateScenes() {
  return useMutation({ mutationFn: () => apiCall('relinkAlternateSources') });
}

/** POST /api/extref/alternate_source/scrape_create: the new scene, put in the caches. */
export function useScrapeCreateFromAlternate() {
  const queryClient = useQueryClient();
  const changed = useLinksChanged();
  return useMutation({
    mutationFn: (source: AlternateSourceItem) =>
      apiCall('scrapeCreateAlternate', {
        body: { external_source: source.external_source, external_id: source.external_id },
        timeoutMs: 180_000,
      }),
    onSuccess: (scene) => {
      updateSceneInCaches(queryClient, scene);
      changed();
    },
  });
}
