import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { StorageGoneService } from '../../services/storage-gone.service';
import type { StorageService } from '../../services/storage.service';

const tags = ['storage'];

/** /api/options/storage: storage locations (local folders, put.io accounts) and the video extensions. */
export function storageRoutes(deps: {
  storage: StorageService;
  gone: StorageGoneService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { storage, storageUpdate, storageAdd, storageDelete, storageConfirmGone, storageKeepGone } =
      apiRoutes;

    app.get(
      storage.path,
      {
        schema: routeSchema(storage, {
          tags,
          summary: 'Storage locations with their file counts, hash matching and the video extensions',
        }),
      },
      async () => deps.storage.overview(),
    );

    app.put(
      storageUpdate.path,
      {
        schema: routeSchema(storageUpdate, { tags, summary: 'Save hash matching and the video extensions' }),
      },
      async (request) => deps.storage.update(request.body),
    );

    app.post(
      storageAdd.path,
      {
        schema: routeSchema(storageAdd, {
          tags,
          summary: 'Add a local folder or a put.io account, then rescan it',
        }),
      },
      async (request) => {
        await deps.storage.add(request.body);
        return null;
      },
    );

    app.delete(
      fastifyPath(storageDelete.path),
      {
        schema: routeSchema(storageDelete, {
          tags,
          summary: 'Remove a storage location and its files (scenes keep their file names)',
        }),
      },
      async (request) => {
        await deps.storage.remove(request.params.id);
        return null;
      },
    );

    app.post(
      fastifyPath(storageConfirmGone.path),
      {
        schema: routeSchema(storageConfirmGone, {
          tags,
          summary: 'Remove the rows a rescan held back as gone (those whose file is still gone)',
        }),
      },
      async (request) => deps.gone.confirm(request.params.id),
    );

    app.post(
      fastifyPath(storageKeepGone.path),
      {
        schema: routeSchema(storageKeepGone, {
          tags,
          summary: 'Keep the rows a rescan held back as gone, and hold them no more',
        }),
      },
      async (request) => deps.gone.keep(request.params.id),
    );
  };
}
