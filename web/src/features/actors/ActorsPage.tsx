import { Box, Grid } from '@mantine/core';
import { DEFAULT_OPTIONS } from '@fovea/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useActorList, useActorListReload } from '../../api/queries/actor-list';
import { useCountryList } from '../../api/queries/countries';
import { useOptionsState } from '../../api/queries/options';
import { BackToTop } from '../../components/BackToTop';
import { useRouteRevisit } from '../scenes/use-route-revisit';
import { actorCardLook, countriesByCode } from './actor-card-model';
import {
  actorListRequest,
  actorPageSize,
  hasActiveActorFilters,
  resetActorFilters,
  showsJumpStrip,
} from './actor-filter-model';
import { offsetOfPage, pageCount, pageOfOffset, stepOffset } from './actor-paging';
import { ActorResults } from './ActorResults';
import classes from './actors.module.css';
import { ActorsHeader } from './ActorsHeader';
import { ActorFilterSidebar } from './filters/ActorFilterSidebar';
import { JumpStrip } from './JumpStrip';
import { useActorPaging } from './use-actor-paging';
import { useActorPagingKeys } from './use-actor-paging-keys';
import { useActorFilterState } from './use-actor-filter-state';

/** A page past the last one (actors deleted, a shorter list): shows the last page instead. */
function useClampToLastPage(
  total: number | undefined,
  page: number,
  pages: number,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (total !== undefined && total > 0 && page > pages) setPage(pages);
  });
}

/** Another page starts at the top of the list (the new cards, not the bottom of the old ones). */
function useScrollUpOnPage(offset: number) {
  const shown = useRef(offset);
  useEffect(() => {
    if (shown.current === offset) return;
    shown.current = offset;
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  }, [offset]);
}

/**
 * Actors (`/actors`): the filter column (one fifth) and one page of actor cards (four fifths), stacked on
 * narrow screens. The filters live in the route's `q` (without the card size, which is stored locally); the
 * page is not in the route and starts at the first one on every navigation; `actor_id` opens details.
 */
export default function ActorsPage() {
  const { filters, setFilters } = useActorFilterState();
  const request = useMemo(() => actorListRequest(filters), [filters]);
  const limit = actorPageSize(filters.cardSize);
  const options = useOptionsState().data?.config.web ?? DEFAULT_OPTIONS.web;
  const look = useMemo(
    () => actorCardLook(options),
    // Only the two card options matter; the rest of the Web UI options may change freely.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [options.actorCardAspectRatio, options.actorCardScaleToFit],
  );
  const countryList = useCountryList().data;
  const countries = useMemo(() => countriesByCode(countryList), [countryList]);

  const paging = useActorPaging(request, limit, filters.jumpTo);
  const list = useActorList(request, paging.offset, limit);
  const total = list.data?.results;
  const actors = list.data?.actors;
  const pages = pageCount(total ?? 0, limit);
  const page = pageOfOffset(paging.offset, limit);
  const step = (direction: 1 | -1) => {
    if (total !== undefined) paging.moveTo(stepOffset(paging.offset, direction, limit, total));
  };
  const setPage = (wanted: number) => paging.moveTo(offsetOfPage(wanted, limit, total));
  useClampToLastPage(list.isPlaceholderData ? undefined : total, page, pages, setPage);

  useScrollUpOnPage(paging.offset);
  useActorPagingKeys(step, total !== undefined);
  const reload = useActorListReload(request);
  useRouteRevisit(() => {
    paging.reset();
    reload();
  });
  const filtered = hasActiveActorFilters(filters);

  return (
    <Grid columns={5} gap="md">
      <Grid.Col span={{ base: 5, md: 1 }}>
        <Box className={classes.filterColumn} data-testid="actor-filters">
          <ActorFilterSidebar filters={filters} onChange={setFilters} />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 5, md: 4 }}>
        <section aria-labelledby="actors-title">
          <ActorsHeader
            total={total}
            fetching={list.isFetching || paging.jumping}
            page={page}
            pages={pages}
            cardSize={filters.cardSize}
            onPage={setPage}
            onStep={step}
            onCardSize={(cardSize) => setFilters({ ...filters, cardSize })}
          />
          {showsJumpStrip(filters.sort) && (
            <Box mb="sm">
              <JumpStrip current={paging.letter} busy={paging.jumping} onJump={paging.jump} />
            </Box>
          )}
          <ActorResults
            actors={actors}
            total={total}
            cardSize={filters.cardSize}
            pageSize={limit}
            look={look}
            countries={countries}
            stale={list.isPlaceholderData}
            error={list.isError}
            filtered={filtered}
            onRetry={() => void list.refetch()}
            onResetFilters={() => setFilters(resetActorFilters(filters))}
          />
        </section>
      </Grid.Col>
      <BackToTop />
    </Grid>
  );
}
