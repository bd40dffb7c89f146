import { z } from 'zod';
import { jsonText, UInt } from './fields.schema';

/** Saved searches are for scenes or for actors. */
export const PlaylistType = z.enum(['scene', 'actor']);
export type PlaylistType = z.infer<typeof PlaylistType>;

/** A saved search (`models.Playlist`). System entries cannot be edited or deleted. */
export const Playlist = z.object({
  id: UInt,
  name: z.string(),
  ordering: z.number().int(),
  is_system: z.boolean(),
  is_deo_enabled: z.boolean().describe('offered to DeoVR, HereSphere and DLNA'),
  is_smart: z.boolean(),
  playlist_type: PlaylistType,
  search_params: z.string().describe('JSON text of a SceneFilterState or ActorFilterState'),
});
export type Playlist = z.infer<typeof Playlist>;

/** GET /api/playlist (scene searches) and GET /api/playlist/actor, ordered by `ordering`. */
export const PlaylistList = z.array(Playlist);
export type PlaylistList = z.infer<typeof PlaylistList>;

/** GET /api/playlist/{playlist_type}. */
export const PlaylistTypeParam = z.object({ playlist_type: PlaylistType });
export type PlaylistTypeParam = z.infer<typeof PlaylistTypeParam>;

/**
 * POST /api/playlist and PUT /api/playlist/{id}. `search_params` is the JSON text of the filter state (a JSON
 * object; without offset and limit). PUT updates name, search_params and is_deo_enabled only. Answer: the
 * playlist (the UI reads its id).
 */
export const PlaylistBody = z.object({
  name: z.string().trim().min(1, 'a name is required'),
  is_deo_enabled: z.boolean().default(false),
  is_smart: z.boolean().default(true),
  playlist_type: PlaylistType.default('scene'),
  search_params: jsonText(z.record(z.string(), z.unknown()), 'a JSON object (the filter state)'),
});
export type PlaylistBody = z.infer<typeof PlaylistBody>;
