import { DEFAULT_OPTIONS } from '@fovea/contract';
import type {
  AuthStatusResponse,
  LibrarySummary,
  OptionsStateResponse,
  VersionCheckResponse,
} from '@fovea/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { authKeys } from '../src/api/query-keys';
import { AppProviders } from '../src/app/AppProviders';
import { AppRoutes } from '../src/app/AppRoutes';
import { createRealtimeStore } from '../src/app/realtime';
import type { RealtimeStore } from '../src/app/realtime';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export type MockHandler = (request: { url: string; method: string; body: unknown }) => MockResponse;

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces fetch with a table of 'METHOD /path' -> response (or handler). Unknown calls answer 404.
 * Returns the list of requests made.
 */
/** GET /api/library/summary answers; an empty library unless a test says otherwise. */
export const librarySummary = (overrides: Partial<LibrarySummary> = {}): LibrarySummary => ({
  scenes: 0,
  available_scenes: 0,
  actors: 0,
  files: 0,
  unmatched_files: 0,
  ...overrides,
});

export function mockApi(givenRoutes: Record<string, MockResponse | MockHandler>): RecordedRequest[] {
  const routes: Record<string, MockResponse | MockHandler> = {
    'GET /api/library/summary': { body: librarySummary() },
    ...givenRoutes,
  };
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    const path = url.split('?')[0] ?? url;
    const entry = routes[`${method} ${path}`];
    const answer = typeof entry === 'function' ? entry({ url, method, body }) : entry;
    if (!answer) {
      return new Response(JSON.stringify({ error: 'Not Found', message: `No mock for ${method} ${path}` }), {
        status: 404,
        statusText: 'Not Found',
      });
    }
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

export const versionCheck = (overrides: Partial<VersionCheckResponse> = {}): VersionCheckResponse => ({
  current_version: '0.1.0',
  latest_version: '0.1.0',
  update_notify: false,
  ...overrides,
});

export function optionsState(config: Partial<OptionsStateResponse['config']> = {}): OptionsStateResponse {
  return {
    config: { ...DEFAULT_OPTIONS, ...config },
    currentState: {
      server: { bound_ip: ['http://127.0.0.1:9999/'] },
      migration: { is_running: false, current: '', total: 0, progress: 0, message: '' },
      dlna: { running: false, images: ['default'], recentIp: [] },
      cacheSize: { images: 0, previews: 0, searchIndex: 0, imagesLimit: 2048 * 1024 * 1024 },
    },
    scrapers: [],
  };
}

/** GET /api/auth/status answers: no login set unless a test says otherwise. */
export const authStatus = (overrides: Partial<AuthStatusResponse> = {}): AuthStatusResponse => ({
  loginRequired: false,
  loggedIn: false,
  username: null,
  fromEnvironment: false,
  ...overrides,
});

/** A query client that already knows the login status (no login set), so the app's gate opens at once. */
export function createTestQueryClient(status: AuthStatusResponse | null = authStatus()): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  if (status !== null) client.setQueryData(authKeys.status, status);
  return client;
}

interface RenderAppOptions {
  route?: string;
  store?: RealtimeStore;
  queryClient?: QueryClient;
}

/** Renders the whole app (providers, layout, routes) at a route, with the websocket closed. */
export function renderApp(options: RenderAppOptions = {}) {
  return renderWithProviders(<AppRoutes />, options);
}

/** Renders any element inside the app providers and a router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', store, queryClient }: RenderAppOptions = {},
) {
  const realtimeStore = store ?? createRealtimeStore();
  const client = queryClient ?? createTestQueryClient();
  const result = render(
    <AppProviders
      queryClient={client}
      realtimeStore={realtimeStore}
      realtimeConnect={false}
      mantineEnv="test"
    >
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store: realtimeStore, queryClient: client };
}
