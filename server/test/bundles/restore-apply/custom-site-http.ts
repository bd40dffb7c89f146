import { CustomSite, CustomSites, SiteList, type CustomSiteBody } from '@fovea/contract';
import type { FoveaApp } from '../../../src/app';
import type { CustomSiteStore } from '../../../src/bundles/restore/apply-custom-sites';
import { HttpError } from '../../../src/http/http-errors';

/**
 * The app's own custom-site service, reached over its routes (GET /api/options/custom-sites, PUT
 * /api/options/custom-sites/create): a restore applied in the test saves through the real service, with the
 * real definitions reloading and the sites table following. A refusal comes back as the service's error.
 */
export function customSitesOverHttp(app: FoveaApp): CustomSiteStore {
  return {
    list: () => listedCustomSites(app),
    async save(body: CustomSiteBody) {
      const response = await app.http.inject({
        method: 'PUT',
        url: '/api/options/custom-sites/create',
        payload: body,
      });
      if (response.statusCode !== 200) {
        throw new HttpError(response.statusCode, response.json<{ message: string }>().message);
      }
      return CustomSite.parse(response.json());
    },
  };
}

/** GET /api/options/custom-sites. */
export async function listedCustomSites(app: FoveaApp): Promise<CustomSites> {
  const response = await app.http.inject('/api/options/custom-sites');
  if (response.statusCode !== 200) throw new Error(`custom sites: ${response.statusCode} ${response.body}`);
  return CustomSites.parse(response.json());
}

/** GET /api/options/sites. */
export async function listedSites(app: FoveaApp): Promise<SiteList> {
  const response = await app.http.inject('/api/options/sites');
  if (response.statusCode !== 200) throw new Error(`sites: ${response.statusCode} ${response.body}`);
  return SiteList.parse(response.json());
}
