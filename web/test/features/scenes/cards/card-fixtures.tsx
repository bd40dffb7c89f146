import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { Cuepoint, File, Scene, SceneListResponse, WebOptions } from '@fovea/contract';
import { useQuery } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { sceneKeys } from '../../../../src/api/query-keys';
import { SceneGrid } from '../../../../src/features/scenes/cards/SceneGrid';
import type { SceneGridProps } from '../../../../src/features/scenes/cards/SceneGrid';
import { SceneDetailsContext } from '../../../../src/features/scene-details/scene-details-context';
import type { SceneDetailsApi } from '../../../../src/features/scene-details/scene-details-context';
import { AppProviders } from '../../../../src/app/AppProviders';
import { createRealtimeStore } from '../../../../src/app/realtime';
import { baseCuepoint, baseFile, baseScene, castActor } from '../../../fixtures/contract-fixtures';
import { createTestQueryClient } from '../../../test-utils';

export { castActor } from '../../../fixtures/contract-fixtures';

export function cardFile(overrides: Partial<File> = {}): File {
  return baseFile(overrides);
}

export const cuepoint = (id: number): Cuepoint => baseCuepoint({ id, time_start: id * 10 });

/** A complete scene as the list answers it. */
export function cardScene(overrides: Partial<Scene> = {}): Scene {
  const id = overrides.id ?? 1;
  return baseScene({
    cover_url: `https://cdn.example.com/covers/${id}.jpg`,
    cast: [castActor(1, 'Anna'), castActor(2, 'Bea')],
    ...overrides,
  });
}

export const webOptions = (overrides: Partial<WebOptions> = {}): WebOptions => ({
  ...DEFAULT_OPTIONS.web,
  ...overrides,
});

/** A details overlay that only records the calls. */
export function fakeDetails() {
  return {
    open: vi.fn<SceneDetailsApi['open']>(),
    openEdit: vi.fn<SceneDetailsApi['openEdit']>(),
    close: vi.fn<SceneDetailsApi['close']>(),
    currentId: null,
  } satisfies SceneDetailsApi;
}

/** Puts the scenes in the cache as one loaded list page, as the list screen does. */
export function seedList(queryClient: QueryClient, scenes: Scene[]): void {
  const page: SceneListResponse = {
    scenes,
    results: scenes.length,
    count_any: scenes.length,
    count_available: scenes.length,
    count_downloaded: scenes.length,
    count_not_downloaded: 0,
    count_hidden: 0,
  };
  queryClient.setQueryData<InfiniteData<SceneListResponse>>(sceneKeys.list({ test: true }), {
    pages: [page],
    pageParams: [0],
  });
}

/** The scenes of the cached list page. */
export function listedScenes(queryClient: QueryClient): Scene[] {
  const data = queryClient.getQueryData<InfiniteData<SceneListResponse>>(sceneKeys.list({ test: true }));
  return data?.pages.flatMap((page) => page.scenes) ?? [];
}

/** Renders inside the app providers with a recording details overlay; rerender keeps them. */
export function renderWithDetails(ui: ReactElement, queryClient: QueryClient = createTestQueryClient()) {
  const details = fakeDetails();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders
      queryClient={queryClient}
      realtimeStore={createRealtimeStore()}
      realtimeConnect={false}
      mantineEnv="test"
    >
      <MemoryRouter>
        <SceneDetailsContext.Provider value={details}>{children}</SceneDetailsContext.Provider>
      </MemoryRouter>
    </AppProviders>
  );
  return { ...render(ui, { wrapper }), details, queryClient };
}

/** The grid over the cached list page (as the list screen renders it), so cache updates reach the cards. */
export function GridFromCache(props: Partial<Omit<SceneGridProps, 'scenes'>>) {
  const { data } = useQuery<InfiniteData<SceneListResponse>>({
    queryKey: sceneKeys.list({ test: true }),
    queryFn: () => Promise.reject(new Error('not fetched in tests')),
    enabled: false,
  });
  const scenes = data?.pages.flatMap((page) => page.scenes) ?? [];
  return (
    <SceneGrid
      scenes={scenes}
      cardSize={props.cardSize ?? 1}
      webOptions={props.webOptions ?? webOptions()}
      hasMore={props.hasMore ?? false}
      onLoadMore={props.onLoadMore ?? (() => undefined)}
      loadingMore={props.loadingMore}
    />
  );
}
