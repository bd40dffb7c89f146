import { Chip, Group, Input, Select } from '@mantine/core';
import { ACTOR_SORT_KEYS, ActorListFilter, ActorSortKey } from '@fovea/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorFilters } from '../actor-filter-model';

interface FilterProps {
  filters: ActorFilters;
  onChange: (next: ActorFilters) => void;
}

const LIST_NAMES = ActorListFilter.options;

/** Favourite, watchlist: every chosen list must hold the actor. */
export function ActorListsFilter({ filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('actorFilters.lists.label')} size="xs">
      <Chip.Group
        multiple
        value={filters.lists}
        onChange={(value) =>
          onChange({ ...filters, jumpTo: '', lists: LIST_NAMES.filter((name) => value.includes(name)) })
        }
      >
        <Group gap={6} mt={4}>
          {LIST_NAMES.map((name) => (
            <Chip key={name} value={name} size="xs" data-testid={`actor-list-filter-${name}`}>
              {t(`actorFilters.lists.${name}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/** The 17 actor sorts with readable labels. */
export function ActorSortSelect({ filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  const data = useMemo(
    () => ACTOR_SORT_KEYS.map((key) => ({ value: key, label: t(`actorFilters.sort.${key}`) })),
    [t],
  );
  return (
    <Select
      size="xs"
      label={t('actorFilters.sort.label')}
      data={data}
      value={filters.sort}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="actor-sort-select"
      onChange={(value) => {
        const parsed = ActorSortKey.safeParse(value);
        if (parsed.success) onChange({ ...filters, jumpTo: '', sort: parsed.data });
      }}
    />
  );
}
