import { useCallback, useMemo } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { DEFAULT_CARD_SIZE } from '@fovea/contract';
import type { CardSize } from '@fovea/contract';
import {
  ACTOR_CARD_SIZE_KEY,
  ACTOR_FILTER_PARAM,
  ACTOR_ID_PARAM,
  encodeActorFilterQuery,
  parseActorFilterQuery,
  toCardSize,
} from './actor-filter-model';
import type { ActorFilters } from './actor-filter-model';

export interface ActorFilterStateControl {
  /** The state the route's `q` holds (the defaults without one), with the stored card size. */
  filters: ActorFilters;
  /**
   * Shows the list for another state. A change of the filters navigates with the new `q` (push) and drops
   * `actor_id`; a change of the card size alone is stored in localStorage and does not navigate.
   */
  setFilters: (next: ActorFilters | ((current: ActorFilters) => ActorFilters)) => void;
}

/**
 * The actor filter state held in the route's `q` (base64 JSON without the card size): read on entry and on
 * every route change (back, forward, a link, a saved search). The card size lives in localStorage
 * ('fovea.actors.cardSize'), so it survives reloads and is not part of links or saved searches.
 */
export function useActorFilterState(): ActorFilterStateControl {
  const [params, setParams] = useSearchParams();
  const [cardSize, setCardSize] = useLocalStorage<CardSize>({
    key: ACTOR_CARD_SIZE_KEY,
    defaultValue: DEFAULT_CARD_SIZE,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => toCardSize(value ?? DEFAULT_CARD_SIZE),
  });
  const q = params.get(ACTOR_FILTER_PARAM);
  const filters = useMemo(() => parseActorFilterQuery(q, cardSize), [q, cardSize]);

  const setFilters = useCallback(
    (next: ActorFilters | ((current: ActorFilters) => ActorFilters)) => {
      const updated = typeof next === 'function' ? next(filters) : next;
      if (updated.cardSize !== cardSize) setCardSize(updated.cardSize);
      const nextQ = encodeActorFilterQuery(updated);
      if (nextQ === encodeActorFilterQuery(filters)) return;
      setParams((current) => {
        const search = new URLSearchParams(current);
        search.set(ACTOR_FILTER_PARAM, nextQ);
        search.delete(ACTOR_ID_PARAM);
        return search;
      });
    },
    [filters, cardSize, setCardSize, setParams],
  );
  return { filters, setFilters };
}
