import type { Playlist, PlaylistBodyInput, PlaylistType } from '@fovea/contract';

/*
 * Saved searches (playlists) of a list screen (options-spec §2, §4, §5): selecting one shows its filters;
 * system ones cannot be edited or deleted; a name is required. Generic over the filter state of the list
 * (scenes, actors): a SavedSearchKind says how that state is stored.
 */

/** How one list's filter state is kept in a saved search. */
export interface SavedSearchKind<F> {
  /** playlist_type of the saved searches (GET /api/playlist or /api/playlist/{type}). */
  type: PlaylistType;
  /** Whether the DeoVR/HereSphere/DLNA switch is offered (scene searches only; actor ones send false). */
  offersDeo: boolean;
  /** The JSON text search_params keeps of a state. */
  toSearchParams: (filters: F) => string;
  /** The state a saved search's parsed search_params holds; `current` fills what the search does not keep. */
  fromSearchParams: (raw: unknown, current: F) => F;
}

/** Edit and delete are offered only for a chosen saved search that is not a system one. */
export const canChangeSavedSearch = (playlist: Playlist | undefined): boolean =>
  playlist !== undefined && !playlist.is_system;

/** Save is disabled while the name is empty (spaces count as empty). */
export const canSaveSavedSearch = (name: string): boolean => name.trim() !== '';

/** The body of POST /api/playlist and PUT /api/playlist/{id}: the current filters under a name. */
export function savedSearchBody<F>(
  kind: SavedSearchKind<F>,
  name: string,
  isDeoEnabled: boolean,
  filters: F,
): PlaylistBodyInput {
  return {
    name: name.trim(),
    is_deo_enabled: kind.offersDeo && isDeoEnabled,
    is_smart: true,
    playlist_type: kind.type,
    search_params: kind.toSearchParams(filters),
  };
}

/** The filters a saved search holds. Not JSON (or not a filter state at all) gives the defaults. */
export function savedSearchFilters<F>(kind: SavedSearchKind<F>, playlist: Playlist, current: F): F {
  let raw: unknown;
  try {
    raw = JSON.parse(playlist.search_params) as unknown;
  } catch {
    raw = {};
  }
  return kind.fromSearchParams(raw, current);
}
