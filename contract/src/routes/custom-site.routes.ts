import { EmptyResponse } from '../common.schema';
import { CustomSite, CustomSiteIdParams, CustomSites } from '../custom-site.schema';
import type { RouteSpec } from '../route-spec';
import { CustomSiteBody } from '../site.schema';

/**
 * Custom sites (options-spec §7, xbvr-wire §10): create or edit with the reference's call; the list and the
 * delete are Fovea extras (the reference can neither list nor delete them).
 */
export const customSiteRoutes = {
  customSiteList: { method: 'GET', path: '/api/options/custom-sites', response: CustomSites },
  createCustomSite: {
    method: 'PUT',
    path: '/api/options/custom-sites/create',
    body: CustomSiteBody,
    response: CustomSite,
  },
  deleteCustomSite: {
    method: 'DELETE',
    path: '/api/options/custom-sites/{id}',
    params: CustomSiteIdParams,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
