import { Button, Collapse, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SceneFiltersResponse, WebOptions } from '@fovea/contract';
import { IconChevronDown, IconChevronUp, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
}

/** Below Mantine's md breakpoint the filters sit above the list, folded away until asked for. */
const NARROW_QUERY = '(max-width: 61.99em)';

/**
 * The filter column of the scenes route: saved searches, every filter, the sort and a reset. On a narrow
 * screen it is folded (a Show filters button), so the list is not pushed below a screenful of filters.
 */
export function SceneFilterSidebar({ filters, options, tagSort, onChange }: SceneFilterSidebarProps) {
  const { t } = useTranslation();
  const patch = (changes: Partial<SceneFilters>) => onChange({ ...filters, ...changes });
  const narrow = useMediaQuery(NARROW_QUERY) === true;
  const [unfolded, setUnfolded] = useState(false);
  const open = !narrow || unfolded;
  return (
    <Paper withBorder p="sm" radius="md" component="aside" aria-labelledby="scene-filters-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="md" id="scene-filters-title">
          {t('scenes.filters')}
        </Title>
        {narrow && (
          <Button
            size="compact-xs"
            variant="subtle"
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={open}
            onClick={() => setUnfolded(!unfolded)}
            data-testid="toggle-filters"
          >
            {t(open ? 'scenes.hideFilters' : 'scenes.showFilters')}
          </Button>
        )}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm">
          <SavedSearches kind={SCENE_SAVED_SEARCH} filters={filters} onSelect={onChange} />
          <Divider />
          <SortSelect filters={filters} onChange={patch} />
          <ListsFilter filters={filters} onChange={patch} />
          <WatchedFilter filters={filters} onChange={patch} />
          <MonthVolumeFilters filters={filters} onChange={patch} options={options} />
          <EntryPickers filters={filters} options={options} tagSort={tagSort} onChange={onChange} />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilterOff size={14} />}
            disabled={!hasActiveFilters(filters)}
            onClick={() => onChange(resetFilters(filters))}
            data-testid="reset-filters"
          >
            {t('scenes.resetFilters')}
          </Button>
        </Stack>
      </Collapse>
    </Paper>
  );
}
