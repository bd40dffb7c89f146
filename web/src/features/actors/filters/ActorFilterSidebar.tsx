import { Button, Collapse, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorFilterOptions } from '../../../api/queries/actor-filters';
import { SavedSearches } from '../../../components/saved-searches/SavedSearches';
import { hasActiveActorFilters, resetActorFilters } from '../actor-filter-model';
import type { ActorFilters } from '../actor-filter-model';
import { ACTOR_SAVED_SEARCH } from './actor-saved-search';
import { ActorEntryPicker } from './ActorEntryPickers';
import { ActorRangeSliders } from './ActorRangeSliders';
import { AkaGroupButtons } from './AkaGroupButtons';
import { ActorListsFilter, ActorSortSelect } from './SimpleActorFilters';

export interface ActorFilterSidebarProps {
  filters: ActorFilters;
  onChange: (next: ActorFilters) => void;
}

/** Below Mantine's md breakpoint the filters sit above the list, folded away until asked for. */
const NARROW_QUERY = '(max-width: 61.99em)';

/**
 * The filter column of the actors route: saved actor searches, the sort, the favourite and watchlist lists,
 * the cast picker with the aka group buttons, the sites and attributes pickers, the seven range sliders and a
 * reset. On a narrow screen it is folded (a Show filters button).
 */
export function ActorFilterSidebar({ filters, onChange }: ActorFilterSidebarProps) {
  const { t } = useTranslation();
  const options = useActorFilterOptions().data;
  const narrow = useMediaQuery(NARROW_QUERY) === true;
  const [unfolded, setUnfolded] = useState(false);
  const open = !narrow || unfolded;
  return (
    <Paper withBorder p="sm" radius="md" component="aside" aria-labelledby="actor-filters-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="md" id="actor-filters-title">
          {t('actorFilters.title')}
        </Title>
        {narrow && (
          <Button
            size="compact-xs"
            variant="subtle"
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={open}
            onClick={() => setUnfolded(!unfolded)}
            data-testid="toggle-actor-filters"
          >
            {t(open ? 'actorFilters.hide' : 'actorFilters.show')}
          </Button>
        )}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm">
          <SavedSearches kind={ACTOR_SAVED_SEARCH} filters={filters} onSelect={onChange} />
          <Divider />
          <ActorSortSelect filters={filters} onChange={onChange} />
          <ActorListsFilter filters={filters} onChange={onChange} />
          <ActorEntryPicker field="cast" filters={filters} options={options} onChange={onChange} />
          <AkaGroupButtons filters={filters} onChange={onChange} />
          <ActorEntryPicker field="sites" filters={filters} options={options} onChange={onChange} />
          <ActorEntryPicker field="attributes" filters={filters} options={options} onChange={onChange} />
          <ActorRangeSliders filters={filters} onChange={onChange} />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilterOff size={14} />}
            disabled={!hasActiveActorFilters(filters)}
            onClick={() => onChange(resetActorFilters(filters))}
            data-testid="reset-actor-filters"
          >
            {t('actorFilters.reset')}
          </Button>
        </Stack>
      </Collapse>
    </Paper>
  );
}
