import type { Playlist, SceneListRequest } from '@fovea/contract';
import { render, screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createRealtimeStore } from '../../../src/app/realtime';
import { SceneDetailsContext } from '../../../src/features/scene-details/scene-details-context';
import type { SceneDetailsApi } from '../../../src/features/scene-details/scene-details-context';
import ScenesPage from '../../../src/features/scenes/ScenesPage';
import { createTestQueryClient, librarySummary, mockApi, optionsState, versionCheck } from '../../test-utils';
import type { MockHandler, MockResponse, RecordedRequest } from '../../test-utils';
import { filterOptions, listPage, listScene } from './scene-list-fixtures';

/** Shows where the router is, and steps back, so tests can follow navigations. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <output data-testid="location-state">{JSON.stringify(location.state ?? null)}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        history back
      </button>
      <button type="button" onClick={() => void navigate(`${location.pathname}${location.search}`)}>
        visit the same route
      </button>
    </>
  );
}

export interface ServeOptions {
  total?: number;
  playlists?: Playlist[];
  extra?: Record<string, MockResponse | MockHandler>;
}

/** Mocks the calls of the scenes route; `lists` collects the list request bodies. */
export function serveScenes({ total = 3, playlists = [], extra = {} }: ServeOptions = {}) {
  const lists: SceneListRequest[] = [];
  const requests: RecordedRequest[] = mockApi({
    'GET /api/library/summary': { body: librarySummary({ scenes: total, available_scenes: total }) },
    'GET /api/options/version-check': { body: versionCheck() },
    'GET /api/options/state': { body: optionsState() },
    'GET /api/scene/filters': { body: filterOptions() },
    'GET /api/playlist': { body: playlists },
    'GET /api/scene/5': { body: listScene(5) },
    'POST /api/scene/list': ({ body }) => {
      const request = body as SceneListRequest;
      lists.push(request);
      const count = Math.max(0, Math.min(request.limit, total - request.offset));
      return { body: listPage(request.offset, count, total) };
    },
    ...extra,
  });
  return { lists, requests };
}

export function fakeDetails(): SceneDetailsApi {
  return { open: vi.fn(), openEdit: vi.fn(), close: vi.fn(), currentId: null };
}

/** The scenes page alone in the app providers, at a route (with an optional navigation state). */
export function renderScenes(entry: InitialEntry = '/', details: SceneDetailsApi = fakeDetails()) {
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders
      queryClient={queryClient}
      realtimeStore={createRealtimeStore()}
      realtimeConnect={false}
      mantineEnv="test"
    >
      <MemoryRouter initialEntries={[entry]}>
        <SceneDetailsContext.Provider value={details}>
          <ScenesPage />
          <LocationProbe />
        </SceneDetailsContext.Provider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, details, queryClient };
}

/**
 * renderScenes, then waits for the filters: the sidebar draws them once the first page has painted (the
 * page asks for its list at once, so the harness's list must answer).
 */
export async function renderScenesWithFilters(
  entry: InitialEntry = '/',
  details: SceneDetailsApi = fakeDetails(),
): Promise<ReturnType<typeof renderScenes>> {
  const rendered = renderScenes(entry, details);
  await screen.findByTestId('reset-filters');
  return rendered;
}

/** The `q` of the current location, decoded by the page's own parser. */
export function currentQ(): string | null {
  const text = document.querySelector('[data-testid="location"]')?.textContent ?? '';
  const search = text.includes('?') ? text.slice(text.indexOf('?') + 1) : '';
  return new URLSearchParams(search).get('q');
}
