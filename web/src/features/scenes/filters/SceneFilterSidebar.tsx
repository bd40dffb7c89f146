import type { SceneFiltersResponse, WebOptions } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { FilterSidebar } from '../../../components/filter-sidebar/FilterSidebar';
import { SavedSearches } from '../../../components/saved-searches/SavedSearches';
import { hasActiveFilters, resetFilters } from '../scene-filter-model';
import type { SceneFilters } from '../scene-filter-model';
import { SCENE_SAVED_SEARCH } from '../scene-saved-search';
import { EntryPickers } from './EntryPickers';
import { ListsFilter, MonthVolumeFilters, SortSelect, WatchedFilter } from './SimpleFilters';

interface SceneFilterSidebarProps {
  filters: SceneFilters;
  options: SceneFiltersResponse | undefined;
  tagSort: WebOptions['tagSort'];
  onChange: (next: SceneFilters) => void;
  /** See FilterSidebar: false until the first page of scenes has painted. */
  bodyReady: boolean;
}

/**
 * The filter column of the scenes route: saved searches, every filter, the sort and a reset. On a narrow
 * screen it is folded (a Show filters button).
 */
export function SceneFilterSidebar({
  filters,
  options,
  tagSort,
  onChange,
  bodyReady,
}: SceneFilterSidebarProps) {
  const { t } = useTranslation();
  const patch = (changes: Partial<SceneFilters>) => onChange({ ...filters, ...changes });
  return (
    <FilterSidebar
      titleId="scene-filters-title"
      title={t('scenes.filters')}
      showLabel={t('scenes.showFilters')}
      hideLabel={t('scenes.hideFilters')}
      toggleTestId="toggle-filters"
      savedSearches={<SavedSearches kind={SCENE_SAVED_SEARCH} filters={filters} onSelect={onChange} />}
      resetLabel={t('scenes.resetFilters')}
      resetTestId="reset-filters"
      resetDisabled={!hasActiveFilters(filters)}
      onReset={() => onChange(resetFilters(filters))}
      bodyReady={bodyReady}
    >
      <SortSelect filters={filters} onChange={patch} />
      <ListsFilter filters={filters} onChange={patch} />
      <WatchedFilter filters={filters} onChange={patch} />
      <MonthVolumeFilters filters={filters} onChange={patch} options={options} />
      <EntryPickers filters={filters} options={options} tagSort={tagSort} onChange={onChange} />
    </FilterSidebar>
  );
}
