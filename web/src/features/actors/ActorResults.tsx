import { Button } from '@mantine/core';
import type { Actor, CardSize, CountryEntry } from '@fovea/contract';
import { IconMoodEmpty, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLibrarySummary } from '../../api/queries/library';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import type { ActorCardLook } from './actor-card-model';
import { ActorGrid, ActorGridSkeleton } from './ActorGrid';

export interface ActorResultsProps {
  actors: Actor[] | undefined;
  /** undefined until the first answer. */
  total: number | undefined;
  cardSize: CardSize;
  pageSize: number;
  look: ActorCardLook;
  countries: Map<string, CountryEntry>;
  stale: boolean;
  error: boolean;
  filtered: boolean;
  onRetry(): void;
  onResetFilters(): void;
}

/** The page of cards, or the loading (skeleton cards), failed and empty states. */
export function ActorResults(props: ActorResultsProps) {
  const { t } = useTranslation();
  const summary = useLibrarySummary().data;
  const { actors, total } = props;
  // An empty library is known from the summary at once (no need to wait for, or mind, the list's answer).
  const emptyLibrary = summary?.actors === 0 && !props.filtered && (total === undefined || total === 0);
  if (emptyLibrary) {
    return (
      <EmptyState
        testId="actors-empty"
        icon={<IconUsers size={28} stroke={1.5} />}
        title={t('actors.emptyTitle')}
        hint={t('actors.emptyHint')}
      />
    );
  }
  if (props.error && actors === undefined) {
    return (
      <LoadFailedAlert testId="actors-load-failed" message={t('actors.loadFailed')} onRetry={props.onRetry} />
    );
  }
  if (actors === undefined || total === undefined) {
    return <ActorGridSkeleton cardSize={props.cardSize} count={props.pageSize} look={props.look} />;
  }
  if (total === 0) {
    return (
      <EmptyState
        testId="actors-no-results"
        icon={<IconMoodEmpty size={28} stroke={1.5} />}
        title={t('actors.noResults')}
        hint={t('actors.noResultsHint')}
        action={
          props.filtered ? (
            <Button variant="light" mt="sm" onClick={props.onResetFilters} data-testid="actors-reset-filters">
              {t('actors.resetFilters')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <ActorGrid
      actors={actors}
      cardSize={props.cardSize}
      look={props.look}
      countries={props.countries}
      stale={props.stale}
    />
  );
}
