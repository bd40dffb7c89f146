import { EmptyResponse } from '../common.schema';
import { Playlist, PlaylistBody, PlaylistIdParam, PlaylistList, PlaylistTypeParam } from '../playlist.schema';
import type { RouteSpec } from '../route-spec';

/** Saved searches (options-spec §7, xbvr-wire §9). */
export const playlistRoutes = {
  playlists: {
    method: 'GET',
    path: '/api/playlist',
    response: PlaylistList,
  },
  playlistsByType: {
    method: 'GET',
    path: '/api/playlist/{playlist_type}',
    params: PlaylistTypeParam,
    response: PlaylistList,
  },
  createPlaylist: {
    method: 'POST',
    path: '/api/playlist',
    body: PlaylistBody,
    response: Playlist,
  },
  updatePlaylist: {
    method: 'PUT',
    path: '/api/playlist/{id}',
    params: PlaylistIdParam,
    body: PlaylistBody,
    response: Playlist,
  },
  deletePlaylist: {
    method: 'DELETE',
    path: '/api/playlist/{id}',
    params: PlaylistIdParam,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
