import { z } from 'zod';
import { ActorFilterState } from './actor-request.schema';
import { NumericIdParam } from './common.schema';
import { LongText, ShortText, UInt } from './fields.schema';
import { SceneFilterState } from './scene-filter.schema';

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

/** GET /api/playlist (scene searches) and GET /api/playlist/{playlist_type}, ordered by `ordering`, then id. */
export const PlaylistList = z.array(Playlist);
export type PlaylistList = z.infer<typeof PlaylistList>;

/** GET /api/playlist/{playlist_type}. */
export const PlaylistTypeParam = z.object({ playlist_type: PlaylistType });
export type PlaylistTypeParam = z.infer<typeof PlaylistTypeParam>;

/** PUT and DELETE /api/playlist/{id}. */
export const PlaylistIdParam = NumericIdParam;
export type PlaylistIdParam = z.infer<typeof PlaylistIdParam>;

/** The filter state a saved search of each type holds in `search_params`. */
export const PLAYLIST_FILTER_STATES = { scene: SceneFilterState, actor: ActorFilterState } as const;

/** One problem with a `search_params` text; the path starts at the filter state (e.g. ['sort']). */
export interface SearchParamsIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * What is wrong with `text` as the `search_params` of a saved search of `type`: not JSON, or not a valid filter
 * state of that type. Empty when it is fine. Unknown keys (the UI's own, such as `cardSize`) are allowed.
 */
export function searchParamsIssues(type: PlaylistType, text: string): SearchParamsIssue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return [{ path: [], message: `must be a JSON text holding a ${type} filter state` }];
  }
  const result = PLAYLIST_FILTER_STATES[type].safeParse(parsed);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

/**
 * POST /api/playlist and PUT /api/playlist/{id}. `search_params` is the JSON text of the filter state of
 * `playlist_type` (without offset and limit); it is stored as sent, UI-only keys included, and rejected with
 * issues under `search_params` when it is not a valid filter state. PUT updates name, search_params and
 * is_deo_enabled only, and its playlist_type must be the stored one. Answer: the playlist (the UI reads its id).
 */
export const PlaylistBody = z
  .object({
    name: ShortText.trim().min(1, 'a name is required'),
    is_deo_enabled: z.boolean().default(false),
    is_smart: z.boolean().default(true),
    playlist_type: PlaylistType.default('scene'),
    search_params: LongText.describe('JSON text of the filter state of playlist_type'),
  })
  .superRefine((body, ctx) => {
    // Runs even when other keys failed: look only at what is there.
    const type = PlaylistType.safeParse(body.playlist_type);
    if (!type.success || typeof body.search_params !== 'string') return;
    for (const issue of searchParamsIssues(type.data, body.search_params)) {
      ctx.addIssue({
        code: 'custom',
        path: ['search_params', ...issue.path],
        message: issue.message,
        input: body.search_params,
      });
    }
  });
export type PlaylistBody = z.infer<typeof PlaylistBody>;
export type PlaylistBodyInput = z.input<typeof PlaylistBody>;
