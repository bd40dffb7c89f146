import { useTranslation } from 'react-i18next';
import { useActorFilterOptions } from '../../../api/queries/actor-filters';
import { FilterSidebar } from '../../../components/filter-sidebar/FilterSidebar';
import { AkaGroupButtons } from '../../../components/group-buttons/AkaGroupButtons';
import { SavedSearches } from '../../../components/saved-searches/SavedSearches';
import { hasActiveActorFilters, resetActorFilters } from '../actor-filter-model';
import type { ActorFilters } from '../actor-filter-model';
import { ACTOR_SAVED_SEARCH } from './actor-saved-search';
import { ActorEntryPicker } from './ActorEntryPickers';
import { ActorRangeSliders } from './ActorRangeSliders';
import { ActorListsFilter, ActorSortSelect } from './SimpleActorFilters';

export interface ActorFilterSidebarProps {
  filters: ActorFilters;
  onChange: (next: ActorFilters) => void;
}

/**
 * The filter column of the actors route: saved actor searches, the sort, the favourite and watchlist lists,
 * the cast picker with the aka group buttons, the sites and attributes pickers, the seven range sliders and a
 * reset. On a narrow screen it is folded (a Show filters button).
 */
export function ActorFilterSidebar({ filters, onChange }: ActorFilterSidebarProps) {
  const { t } = useTranslation();
  const options = useActorFilterOptions().data;
  return (
    <FilterSidebar
      titleId="actor-filters-title"
      title={t('actorFilters.title')}
      showLabel={t('actorFilters.show')}
      hideLabel={t('actorFilters.hide')}
      toggleTestId="toggle-actor-filters"
      savedSearches={<SavedSearches kind={ACTOR_SAVED_SEARCH} filters={filters} onSelect={onChange} />}
      resetLabel={t('actorFilters.reset')}
      resetTestId="reset-actor-filters"
      resetDisabled={!hasActiveActorFilters(filters)}
      onReset={() => onChange(resetActorFilters(filters))}
    >
      <ActorSortSelect filters={filters} onChange={onChange} />
      <ActorListsFilter filters={filters} onChange={onChange} />
      <ActorEntryPicker field="cast" filters={filters} options={options} onChange={onChange} />
      <AkaGroupButtons
        cast={filters.cast}
        onCastChange={(cast) => onChange({ ...filters, jumpTo: '', cast })}
      />
      <ActorEntryPicker field="sites" filters={filters} options={options} onChange={onChange} />
      <ActorEntryPicker field="attributes" filters={filters} options={options} onChange={onChange} />
      <ActorRangeSliders filters={filters} onChange={onChange} />
    </FilterSidebar>
  );
}
