import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import type { CustomSiteService } from '../../custom-sites/custom-site.service';
import { fastifyPath, routeSchema } from '../../http/route-schema';

/** Options → Advanced → Create Custom Site: list, create or edit, and delete the owner's aggregator studios. */
export function customSiteRoutes(deps: { customSites: CustomSiteService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { customSiteList, createCustomSite, deleteCustomSite } = apiRoutes;
    const tags = ['options'];
    app.get(
      customSiteList.path,
      { schema: routeSchema(customSiteList, { tags, summary: 'Every custom site, by name' }) },
      async () => deps.customSites.list(),
    );
    app.put(
      createCustomSite.path,
      {
        schema: routeSchema(createCustomSite, {
          tags,
          summary: 'Create a custom site, or edit the one its URL names; it is scrapable at once',
        }),
      },
      async (request) => deps.customSites.save(request.body),
    );
    app.delete(
      fastifyPath(deleteCustomSite.path),
      {
        schema: routeSchema(deleteCustomSite, {
          tags,
          summary: 'Delete a custom site; its scenes stay (404 when unknown)',
        }),
      },
      async (request) => {
        await deps.customSites.delete(request.params.id);
        return null;
      },
    );
  };
}
