import { Box, Grid } from '@mantine/core';
import { DEFAULT_OPTIONS } from '@fovea/contract';
import { useMemo } from 'react';
import { useOptionsState } from '../../api/queries/options';
import { useSceneFilterOptions, useSceneList, useSceneListReload } from '../../api/queries/scene-list';
import { BackToTop } from '../../components/BackToTop';
import { SceneFilterSidebar } from './filters/SceneFilterSidebar';
import { cardSizeNumber, sceneListRequest, withDlState } from './scene-filter-model';
import { hasMoreScenes, loadedScenes } from './scene-pages';
import { SceneResults } from './SceneResults';
import classes from './scenes.module.css';
import { ScenesHeader } from './ScenesHeader';
import { useOpenSceneFromState } from './use-open-scene-from-state';
import { useRouteRevisit } from './use-route-revisit';
import { useSceneFilterState } from './use-scene-filter-state';
import { useAfterPaint } from '../../components/use-after-paint';

/**
 * Scenes (`/`): the filter column (one fifth) and the list (four fifths), stacked on narrow screens. The
 * filters live in the route's `q`; the list loads 80 scenes a page.
 */
export default function ScenesPage() {
  const { filters, setFilters } = useSceneFilterState();
  const request = useMemo(() => sceneListRequest(filters), [filters]);
  const list = useSceneList(request);
  // The sidebar's filters and their choices wait until the first page is in and painted: the choices are the
  // slowest call of the page on a big library (and the biggest answer after the list), and the server would
  // otherwise answer them before the list and the options; drawing the many filter controls would hold back
  // the first cards by about a tenth of a second.
  const firstPagePainted = useAfterPaint(list.isFetched || list.isError);
  const filterOptions = useSceneFilterOptions(firstPagePainted);
  const options = useOptionsState();
  useOpenSceneFromState();
  useRouteRevisit(useSceneListReload(request));

  const pages = list.data?.pages;
  const scenes = useMemo(() => loadedScenes(pages), [pages]);
  const first = pages?.[0];
  const total = first?.results;
  const hasMore = total !== undefined && hasMoreScenes(scenes.length, total) && list.hasNextPage;
  const config = options.data?.config;
  const webOptions = config?.web ?? (options.isError ? DEFAULT_OPTIONS.web : undefined);
  const loadMore = () => {
    if (!list.isFetchingNextPage) void list.fetchNextPage();
  };

  return (
    <Grid columns={5} gap="md">
      <Grid.Col span={{ base: 5, md: 1 }}>
        <Box className={classes.filterColumn} data-testid="scene-filters">
          <SceneFilterSidebar
            filters={filters}
            options={filterOptions.data}
            tagSort={webOptions?.tagSort ?? DEFAULT_OPTIONS.web.tagSort}
            onChange={setFilters}
            bodyReady={firstPagePainted}
          />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 5, md: 4 }}>
        <section aria-labelledby="scenes-title">
          <ScenesHeader
            dlState={filters.dlState}
            cardSize={filters.cardSize}
            response={first}
            fetching={list.isFetching && !list.isFetchingNextPage}
            onDlState={(dlState) => setFilters(withDlState(filters, dlState))}
            onCardSize={(cardSize) => setFilters({ ...filters, cardSize })}
          />
          <SceneResults
            scenes={scenes}
            total={total}
            cardSize={cardSizeNumber(filters.cardSize)}
            webOptions={webOptions}
            hasMore={hasMore}
            loadingMore={list.isFetchingNextPage}
            error={list.isError}
            onLoadMore={loadMore}
            onRetry={() => void list.refetch()}
          />
        </section>
      </Grid.Col>
      <BackToTop />
    </Grid>
  );
}
