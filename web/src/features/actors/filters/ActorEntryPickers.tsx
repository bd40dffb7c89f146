import { ACTOR_FILTER_CYCLES } from '@fovea/contract';
import type { ActorFilterField, ActorFiltersResponse } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { addActorFilter, cycleActorFilter, removeActorFilter } from '../actor-filter-model';
import type { ActorFilters } from '../actor-filter-model';
import { ActorFilterPicker } from './ActorFilterPicker';

interface ActorEntryPickerProps {
  field: ActorFilterField;
  filters: ActorFilters;
  options: ActorFiltersResponse | undefined;
  onChange: (next: ActorFilters) => void;
}

const NOTHING_FOUND = {
  cast: 'errors.noMatchingCast',
  sites: 'errors.noMatchingSites',
  attributes: 'errors.noMatchingAttributes',
} as const satisfies Record<ActorFilterField, string>;

/** The cast, sites or attributes picker with its chips (cast two-way, sites and attributes three-way). */
export function ActorEntryPicker({ field, filters, options, onChange }: ActorEntryPickerProps) {
  const { t } = useTranslation();
  return (
    <ActorFilterPicker
      field={field}
      label={t(`actorFilters.picker.${field}`)}
      placeholder={t('actorFilters.picker.placeholder')}
      nothingFound={t(NOTHING_FOUND[field])}
      options={options?.[field] ?? []}
      entries={filters[field]}
      cycle={ACTOR_FILTER_CYCLES[field]}
      onAdd={(name) => onChange(addActorFilter(filters, field, name))}
      onCycle={(index) => onChange(cycleActorFilter(filters, field, index))}
      onRemove={(name) => onChange(removeActorFilter(filters, field, name))}
    />
  );
}
