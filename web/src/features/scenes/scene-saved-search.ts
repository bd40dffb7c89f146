import type { SavedSearchKind } from '../../components/saved-searches/saved-search-model';
import { filtersFromJson, filtersToSearchParams } from './scene-filter-model';
import type { SceneFilters } from './scene-filter-model';

/**
 * Scene saved searches (playlist_type 'scene'): the whole filter state with the card size, as the reference
 * keeps it; a saved search without a card size keeps the current one. They may be offered in DeoVR,
 * HereSphere and DLNA.
 */
export const SCENE_SAVED_SEARCH: SavedSearchKind<SceneFilters> = {
  type: 'scene',
  offersDeo: true,
  toSearchParams: filtersToSearchParams,
  fromSearchParams: (raw, current) => {
    const filters = filtersFromJson(raw);
    const keepsCardSize = typeof raw === 'object' && raw !== null && 'cardSize' in raw;
    return keepsCardSize ? filters : { ...filters, cardSize: current.cardSize };
  },
};
