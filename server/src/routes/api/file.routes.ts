import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { FileDeleteService } from '../../services/file-delete.service';
import type { FileListService } from '../../services/file-list.service';
import type { FileMatchService } from '../../services/file-match.service';

export interface FileRouteDeps {
  list: FileListService;
  match: FileMatchService;
  remover: FileDeleteService;
}

const tags = ['files'];

/** /api/files: the files list, one file, matching a file to a scene and back, deleting a file. */
export function fileRoutes(deps: FileRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const r = apiRoutes;

    app.post(
      r.filesList.path,
      {
        schema: routeSchema(r.filesList, {
          tags,
          summary:
            'Every file the filters select (state, created date, resolution, frame rate and bitrate buckets, name), sorted',
        }),
      },
      async (request) => deps.list.list(request.body),
    );

    app.post(
      r.filesPage.path,
      {
        schema: routeSchema(r.filesPage, {
          tags,
          summary: 'One page of the files list (same filters and sort) with the total',
        }),
      },
      async (request) => deps.list.page(request.body),
    );

    app.get(
      fastifyPath(r.fileGet.path),
      { schema: routeSchema(r.fileGet, { tags, summary: 'One file (404 when there is none)' }) },
      async (request) => deps.list.get(request.params.id),
    );

    app.post(
      r.fileMatch.path,
      {
        schema: routeSchema(r.fileMatch, {
          tags,
          summary:
            "Match a file to a scene (by string scene_id); the file name is added to the scene's filenames_arr",
        }),
      },
      async (request) => {
        await deps.match.match(request.body.file_id, request.body.scene_id);
        return null;
      },
    );

    app.post(
      r.fileUnmatch.path,
      {
        schema: routeSchema(r.fileUnmatch, {
          tags,
          summary:
            "Unmatch a file (its name leaves the scene's filenames_arr). Answers the scene, or a zero scene when it had none",
        }),
      },
      async (request) => deps.match.unmatch(request.body.file_id),
    );

    app.delete(
      fastifyPath(r.fileDelete.path),
      {
        schema: routeSchema(r.fileDelete, {
          tags,
          summary:
            'Delete a file from its volume (disk or put.io), then its row. 409/502 and nothing changed when it cannot be removed. Answers the scene (a zero scene if none)',
        }),
      },
      async (request) => deps.remover.delete(request.params.id),
    );
  };
}
