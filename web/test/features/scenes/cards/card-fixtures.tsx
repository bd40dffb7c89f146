import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { CastActor, Cuepoint, File, Scene, SceneListResponse, WebOptions } from '@fovea/contract';
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
import { createTestQueryClient } from '../../../test-utils';

const NO_TIME = '0001-01-01T00:00:00Z';

export function castActor(id: number, name: string): CastActor {
  return { id, name, count: 1, avail_count: 1, image_url: '', scenes: null, aka_groups: null } as CastActor;
}

export function cardFile(overrides: Partial<File> = {}): File {
  return {
    id: 1,
    created_at: NO_TIME,
    updated_at: NO_TIME,
    volume_id: 1,
    path: '/library',
    filename: 'scene.mp4',
    size: 1000,
    oshash: '',
    created_time: NO_TIME,
    updated_time: NO_TIME,
    type: 'video',
    scene_id: 1,
    video_width: 0,
    video_height: 0,
    video_bitrate: 0,
    video_avgfps_val: 0,
    video_codec_name: '',
    duration: 0,
    projection: 'flat',
    has_alpha: false,
    has_heatmap: false,
    is_selected_script: false,
    is_exported: false,
    refresh_heatmap_cache: false,
    ...overrides,
  };
}

export const cuepoint = (id: number): Cuepoint => ({ id, name: 'standing', time_start: id * 10, rating: 0 });

/** A complete scene as the list answers it. */
export function cardScene(overrides: Partial<Scene> = {}): Scene {
  const id = overrides.id ?? 1;
  return {
    id,
    created_at: NO_TIME,
    updated_at: NO_TIME,
    scene_id: `studio-${id}`,
    title: `Scene ${id}`,
    scene_type: 'VR',
    scraper_id: 'studio',
    studio: 'Studio',
    site: 'Studio VR',
    filenames_arr: '[]',
    images: '[]',
    duration: 42,
    synopsis: '',
    release_date: '2024-05-06T00:00:00Z',
    release_date_text: '2024-05-06',
    cover_url: `https://cdn.example.com/covers/${id}.jpg`,
    scene_url: '',
    members_url: '',
    is_multipart: false,
    star_rating: 0,
    favourite: false,
    watchlist: false,
    wishlist: false,
    is_available: true,
    is_accessible: true,
    is_watched: false,
    is_scripted: false,
    added_date: NO_TIME,
    last_opened: NO_TIME,
    total_file_size: 0,
    total_watch_time: 0,
    has_preview: false,
    needs_update: false,
    edits_applied: false,
    trailer_type: '',
    trailer_source: '',
    passthrough: '',
    trailerlist: false,
    is_subscribed: false,
    is_hidden: false,
    legacy_scene_id: '',
    script_published: NO_TIME,
    ai_script: false,
    human_script: false,
    description: '',
    _score: 0,
    alternate_source: null,
    tags: [],
    cast: [castActor(1, 'Anna'), castActor(2, 'Bea')],
    file: [],
    cuepoints: [],
    history: [],
    ...overrides,
  };
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
