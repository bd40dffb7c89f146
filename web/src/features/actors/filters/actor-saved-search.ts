import type { SavedSearchKind } from '../../../components/saved-searches/saved-search-model';
import { actorFiltersFromJson, actorFiltersToSearchParams } from '../actor-filter-model';
import type { ActorFilters } from '../actor-filter-model';

/**
 * Actor saved searches (playlist_type 'actor', is_deo_enabled always false): the filter state without the card
 * size, which stays the one in use (a reference search that holds a card size does not change it).
 */
export const ACTOR_SAVED_SEARCH: SavedSearchKind<ActorFilters> = {
  type: 'actor',
  offersDeo: false,
  toSearchParams: actorFiltersToSearchParams,
  fromSearchParams: (raw, current) => actorFiltersFromJson(raw, current.cardSize),
};
