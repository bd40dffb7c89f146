import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { PlaylistService } from '../../services/playlist.service';

/** Contract paths name parameters as {id}; Fastify as :id. */

const tags = ['playlists'];

/** /api/playlist: saved scene and actor searches. */
export function playlistRoutes(deps: { playlists: PlaylistService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { playlists, playlistsByType, createPlaylist, updatePlaylist, deletePlaylist } = apiRoutes;

    app.get(
      playlists.path,
      { schema: routeSchema(playlists, { tags, summary: 'Saved scene searches' }) },
      async () => deps.playlists.list('scene'),
    );

    app.get(
      fastifyPath(playlistsByType.path),
      {
        schema: routeSchema(playlistsByType, {
          tags,
          summary: 'Saved searches of one type (scene or actor)',
        }),
      },
      async (request) => deps.playlists.list(request.params.playlist_type),
    );

    app.post(
      createPlaylist.path,
      { schema: routeSchema(createPlaylist, { tags, summary: 'Save a search' }) },
      async (request) => deps.playlists.create(request.body),
    );

    app.put(
      fastifyPath(updatePlaylist.path),
      {
        schema: routeSchema(updatePlaylist, {
          tags,
          summary: 'Change the name, filters and DeoVR flag of a saved search (not a system one)',
        }),
      },
      async (request) => deps.playlists.update(request.params.id, request.body),
    );

    app.delete(
      fastifyPath(deletePlaylist.path),
      { schema: routeSchema(deletePlaylist, { tags, summary: 'Delete a saved search (not a system one)' }) },
      async (request) => {
        await deps.playlists.delete(request.params.id);
        return null;
      },
    );
  };
}
