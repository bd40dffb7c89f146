import { Chip, Group, Input, Select } from '@mantine/core';
import { SceneListFilter } from '@fovea/contract';
import type { SceneFiltersResponse, SceneListFilter as ListName } from '@fovea/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS } from '../scene-filter-model';
import type { SceneFilters } from '../scene-filter-model';

interface FilterProps {
  filters: SceneFilters;
  onChange: (patch: Partial<SceneFilters>) => void;
}

const LIST_NAMES = SceneListFilter.options;

/** Watchlist, favourite, wishlist, scripted: every chosen list must hold the scene. */
export function ListsFilter({ filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('scenes.lists.label')} size="xs">
      <Chip.Group
        multiple
        value={filters.lists}
        onChange={(value) => onChange({ lists: LIST_NAMES.filter((name: ListName) => value.includes(name)) })}
      >
        <Group gap={6} mt={4}>
          {LIST_NAMES.map((name) => (
            <Chip key={name} value={name} size="xs" data-testid={`list-filter-${name}`}>
              {t(`scenes.lists.${name}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

type WatchedValue = 'everything' | 'watched' | 'unwatched';

const watchedValue = (isWatched: boolean | null): WatchedValue =>
  isWatched === null ? 'everything' : isWatched ? 'watched' : 'unwatched';

/** Everything, Watched, Unwatched (isWatched null, true, false). */
export function WatchedFilter({ filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('scenes.watched.label')} size="xs">
      <Chip.Group
        value={watchedValue(filters.isWatched)}
        onChange={(value) => onChange({ isWatched: value === 'everything' ? null : value === 'watched' })}
      >
        <Group gap={6} mt={4} role="radiogroup" aria-label={t('scenes.watched.label')}>
          {(['everything', 'watched', 'unwatched'] as const).map((value) => (
            <Chip key={value} value={value} size="xs" data-testid={`watched-filter-${value}`}>
              {t(`scenes.watched.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/** The Select value of "any month" (the state holds ''). */
const ANY_MONTH = 'any';

interface OptionFilterProps extends FilterProps {
  options: SceneFiltersResponse | undefined;
}

/** Release month ("YYYY-MM", newest first; empty = any) and volume (0 = all volumes). */
export function MonthVolumeFilters({ filters, onChange, options }: OptionFilterProps) {
  const { t } = useTranslation();
  const months = useMemo(() => [...(options?.release_month ?? [])].reverse(), [options]);
  const volumes = options?.volumes ?? [];
  const knownMonth = filters.releaseMonth === '' || months.includes(filters.releaseMonth);
  return (
    <>
      <Select
        size="xs"
        label={t('scenes.releaseMonth.label')}
        searchable
        data={[
          { value: ANY_MONTH, label: t('scenes.releaseMonth.any') },
          ...(knownMonth ? [] : [filters.releaseMonth]),
          ...months,
        ]}
        value={filters.releaseMonth === '' ? ANY_MONTH : filters.releaseMonth}
        allowDeselect={false}
        onChange={(value) => onChange({ releaseMonth: value === null || value === ANY_MONTH ? '' : value })}
        data-testid="release-month-filter"
      />
      <Select
        size="xs"
        label={t('scenes.volume.label')}
        data={[
          { value: '0', label: t('scenes.volume.all') },
          ...volumes.map((volume) => ({ value: String(volume.id), label: volume.path })),
        ]}
        value={String(filters.volume)}
        allowDeselect={false}
        onChange={(value) => onChange({ volume: Number(value ?? '0') })}
        data-testid="volume-filter"
      />
    </>
  );
}

/** Every sort of the scene list (options-spec §9). */
export function SortSelect({ filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Select
      size="xs"
      label={t('scenes.sort.label')}
      data={SORT_KEYS.map((key) => ({ value: key, label: t(`scenes.sort.${key}`) }))}
      value={filters.sort}
      allowDeselect={false}
      onChange={(value) => {
        const sort = SORT_KEYS.find((key) => key === value);
        if (sort !== undefined) onChange({ sort });
      }}
      data-testid="sort-select"
    />
  );
}
