import { Skeleton } from '@mantine/core';
import type { Actor, CardSize, CountryEntry } from '@fovea/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRateActor, useToggleActorFlag } from '../../api/queries/actor';
import { useActorDetails } from '../actor-details/actor-details-context';
import type { ActorDetailsApi } from '../actor-details/actor-details-context';
import { ActorCard } from './ActorCard';
import type { ActorCardActions } from './ActorCard';
import type { ActorCardLook } from './actor-card-model';
import classes from './actors.module.css';

export interface ActorGridProps {
  actors: Actor[];
  cardSize: CardSize;
  look: ActorCardLook;
  countries: Map<string, CountryEntry>;
  /** The cards are of the previous page or request while the next answer loads. */
  stale?: boolean;
}

/** Card actions with stable identities: cards redraw only when their actor changes. */
function useCardActions(actors: Actor[]): ActorCardActions {
  const details = useActorDetails();
  const toggle = useToggleActorFlag().mutate;
  const rate = useRateActor().mutate;
  const latest = useRef<{ actors: Actor[]; details: ActorDetailsApi }>({ actors, details });
  useEffect(() => {
    latest.current = { actors, details };
  });
  return useMemo<ActorCardActions>(
    () => ({
      open: (actor) =>
        latest.current.details.open(actor.id, { siblings: latest.current.actors.map((item) => item.id) }),
      toggle: (actor, list) => toggle({ actor, list }),
      rate: (actor, rating) => rate({ actor, rating }),
    }),
    [toggle, rate],
  );
}

/** One page of actor cards; clicking a card opens its details with the page's actors as previous/next. */
export function ActorGrid({ actors, cardSize, look, countries, stale = false }: ActorGridProps) {
  const { t } = useTranslation();
  const actions = useCardActions(actors);
  return (
    <section
      className={classes.grid}
      data-size={cardSize}
      data-stale={stale ? '' : undefined}
      aria-busy={stale}
      data-testid="actor-grid"
      aria-label={t('actors.grid')}
    >
      {actors.map((actor) => (
        <ActorCard
          key={actor.id}
          actor={actor}
          look={look}
          country={countries.get(actor.nationality.toUpperCase())}
          actions={actions}
        />
      ))}
    </section>
  );
}

/** Placeholder cards while the first page loads. */
export function ActorGridSkeleton({
  cardSize,
  count,
  look,
}: {
  cardSize: CardSize;
  count: number;
  look: ActorCardLook;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={classes.grid}
      data-size={cardSize}
      aria-busy
      aria-label={t('actors.loading')}
      data-testid="actor-grid-loading"
    >
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={classes.card}>
          <Skeleton style={{ aspectRatio: look.ratio }} radius={0} />
          <div className={classes.skeletonBody}>
            <Skeleton height={12} width="70%" />
            <Skeleton height={10} width="45%" />
            <Skeleton height={10} width="60%" />
          </div>
        </div>
      ))}
    </section>
  );
}
