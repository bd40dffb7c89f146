import type { SceneFiltersResponse, WebOptions } from '@fovea/contract';
import { Fragment, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AkaGroupButtons } from '../../../components/group-buttons/AkaGroupButtons';
import { addFilter, cycleFilter, removeFilter } from '../scene-filter-model';
import type { EntryField, SceneFilters } from '../scene-filter-model';
import { FilterPicker } from './FilterPicker';
import { sortTagOptions } from './picker-options';
import { TagGroupButtons } from './TagGroupButtons';

interface EntryPickersProps {
  filters: SceneFilters;
  options: SceneFiltersResponse | undefined;
  tagSort: WebOptions['tagSort'];
  onChange: (next: SceneFilters) => void;
}

/**
 * The cast, sites, tags, cuepoints and attributes pickers with their chips; the aka group buttons under the
 * cast picker and the tag group buttons under the tags picker.
 */
export function EntryPickers({ filters, options, tagSort, onChange }: EntryPickersProps) {
  const { t } = useTranslation();
  const tags = useMemo(() => sortTagOptions(options?.tags ?? [], tagSort), [options, tagSort]);
  const choices: Record<EntryField, readonly string[]> = {
    cast: options?.cast ?? [],
    sites: options?.sites ?? [],
    tags,
    cuepoint: options?.cuepoints ?? [],
    attributes: options?.attributes ?? [],
  };
  const nothingFound: Record<EntryField, string> = {
    cast: t('errors.noMatchingCast'),
    sites: t('errors.noMatchingSites'),
    tags: t('scenes.picker.noMatchingTags'),
    cuepoint: t('scenes.picker.noMatchingCuepoints'),
    attributes: t('errors.noMatchingAttributes'),
  };
  const fields: EntryField[] = ['cast', 'sites', 'tags', 'cuepoint', 'attributes'];
  const below: Partial<Record<EntryField, ReactNode>> = {
    cast: <AkaGroupButtons cast={filters.cast} onCastChange={(cast) => onChange({ ...filters, cast })} />,
    tags: <TagGroupButtons tags={filters.tags} onTagsChange={(tags) => onChange({ ...filters, tags })} />,
  };
  return (
    <>
      {fields.map((field) => (
        <Fragment key={field}>
          <FilterPicker
            field={field}
            label={t(`scenes.picker.${field}`)}
            placeholder={t(
              field === 'cuepoint' ? 'scenes.picker.cuepointPlaceholder' : 'scenes.picker.placeholder',
            )}
            nothingFound={nothingFound[field]}
            options={choices[field]}
            entries={filters[field]}
            allowNew={field === 'cuepoint'}
            onAdd={(name) => onChange(addFilter(filters, field, name))}
            onCycle={(index) => onChange(cycleFilter(filters, field, index))}
            onRemove={(name) => onChange(removeFilter(filters, field, name))}
          />
          {below[field]}
        </Fragment>
      ))}
    </>
  );
}
