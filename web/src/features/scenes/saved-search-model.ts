import type { Playlist, PlaylistBodyInput } from '@fovea/contract';
import { filtersFromJson, filtersToSearchParams } from './scene-filter-model';
import type { SceneFilters } from './scene-filter-model';

/*
 * Saved searches of the scene list (options-spec §2, §4, §5): selecting one shows its filters; system ones
 * cannot be edited or deleted; a name is required.
 */

/** Edit and delete are offered only for a chosen saved search that is not a system one. */
export const canChangeSavedSearch = (playlist: Playlist | undefined): boolean =>
  playlist !== undefined && !playlist.is_system;

/** Save is disabled while the name is empty (spaces count as empty). */
export const canSaveSavedSearch = (name: string): boolean => name.trim() !== '';

/** The body of POST /api/playlist and PUT /api/playlist/{id}: the current filters under a name. */
export function savedSearchBody(
  name: string,
  isDeoEnabled: boolean,
  filters: SceneFilters,
): PlaylistBodyInput {
  return {
    name: name.trim(),
    is_deo_enabled: isDeoEnabled,
    is_smart: true,
    playlist_type: 'scene',
    search_params: filtersToSearchParams(filters),
  };
}

/**
 * The filters a saved search holds; its card size when it keeps one, else the current card size. Not JSON
 * (or not a filter state at all) gives the defaults.
 */
export function savedSearchFilters(playlist: Playlist, current: SceneFilters): SceneFilters {
  let raw: unknown;
  try {
    raw = JSON.parse(playlist.search_params) as unknown;
  } catch {
    raw = {};
  }
  const filters = filtersFromJson(raw);
  const keepsCardSize = typeof raw === 'object' && raw !== null && 'cardSize' in raw;
  return keepsCardSize ? filters : { ...filters, cardSize: current.cardSize };
}
