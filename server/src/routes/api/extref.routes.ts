import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { AlternateSourceService } from '../../services/alternate-source.service';
import type { ExtrefService } from '../../services/extref.service';

/** Contract paths name parameters as {id}; Fastify as :id. */

const tags = ['external references'];

/** A scene's alternate sources and the /api/extref link-editing calls. */
export function extrefRoutes(deps: {
  alternateSources: AlternateSourceService;
  extrefs: ExtrefService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { alternateSources, editExtrefLink, deleteExtref } = apiRoutes;

    app.get(
      fastifyPath(alternateSources.path),
      {
        schema: routeSchema(alternateSources, {
          tags: ['scenes', ...tags],
          summary: 'Alternate-site and StashDB scenes linked to a scene (null when none)',
        }),
      },
      async (request) => deps.alternateSources.list(request.params.id),
    );

    app.post(
      editExtrefLink.path,
      {
        schema: routeSchema(editExtrefLink, {
          tags,
          summary: 'Relink an alternate source to another scene, or unlink it for good',
        }),
      },
      async (request) => deps.extrefs.editLink(request.body),
    );

    app.delete(
      deleteExtref.path,
      {
        schema: routeSchema(deleteExtref, {
          tags,
          summary: 'Remove an external reference and its links (it is added again by the next scrape)',
        }),
      },
      async (request) => {
        await deps.extrefs.deleteReference(request.body);
        return null;
      },
    );
  };
}
