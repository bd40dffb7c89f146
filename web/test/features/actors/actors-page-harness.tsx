import type { Actor, ActorListRequest, CountryEntry } from '@fovea/contract';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { ActorDetailsContext } from '../../../src/features/actor-details/actor-details-context';
import type {
  ActorDetailsApi,
  OpenActorOptions,
} from '../../../src/features/actor-details/actor-details-context';
import ActorsPage from '../../../src/features/actors/ActorsPage';
import { actorFixture } from '../../fixtures/contract-fixtures';
import { librarySummary, mockApi, optionsState, renderWithProviders, versionCheck } from '../../test-utils';
import type { MockHandler, MockResponse, RecordedRequest } from '../../test-utils';

export const COUNTRIES: CountryEntry[] = [
  { code: 'GB', name: 'United Kingdom', flag_url: '/flags/gb.svg' },
  { code: 'US', name: 'United States', flag_url: '/flags/us.svg' },
];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Actor n (0-based) of the fake library: names in A-Z order, two per letter and then again. */
export function listActor(n: number): Actor {
  const letter = LETTERS[Math.floor(n / 2) % LETTERS.length] ?? 'Z';
  return actorFixture({
    id: n + 1,
    name: `${letter}ctor ${String(n + 1).padStart(3, '0')}`,
    count: n % 7,
    avail_count: n % 3,
    nationality: n % 2 === 0 ? 'GB' : 'US',
    birth_date: '1990-06-15T00:00:00Z',
    star_rating: 0,
  });
}

export interface ServeActorsOptions {
  total?: number;
  /** jumpTo letter -> the offset the server names. */
  jumps?: Record<string, number>;
  extra?: Record<string, MockResponse | MockHandler>;
}

/** Mocks the calls of the actors route; `lists` collects the list request bodies. */
export function serveActors({ total = 60, jumps = {}, extra = {} }: ServeActorsOptions = {}) {
  const lists: ActorListRequest[] = [];
  const requests: RecordedRequest[] = mockApi({
    'GET /api/library/summary': { body: librarySummary({ actors: total }) },
    'GET /api/options/version-check': { body: versionCheck() },
    'GET /api/options/state': { body: optionsState() },
    'GET /api/actor/filters': { body: { cast: [], sites: [], attributes: [] } },
    'GET /api/actor/countrylist': { body: COUNTRIES },
    'GET /api/playlist/actor': { body: [] },
    'GET /api/actor/5': { body: listActor(4) },
    'GET /api/actor/999': { body: actorFixture({ id: 0 }) },
    'POST /api/actor/list': ({ body }) => {
      const request = body as ActorListRequest;
      lists.push(request);
      const offset = request.jumpTo ? (jumps[request.jumpTo] ?? 0) : request.offset;
      const count = Math.max(0, Math.min(request.limit, total - offset));
      return {
        body: {
          results: total,
          actors: Array.from({ length: count }, (_, i) => listActor(offset + i)),
          count_any: 0,
          count_available: 0,
          count_downloaded: 0,
          count_not_downloaded: 0,
          count_hidden: 0,
          offset,
        },
      };
    },
    ...extra,
  });
  return { lists, requests };
}

/** A stand-in for the actor details overlay: records what is opened and shows the id it holds. */
export function FakeActorDetails({
  children,
  onOpen,
}: {
  children: ReactNode;
  onOpen: (id: number, options?: OpenActorOptions) => void;
}) {
  const [currentId, setCurrentId] = useState<number | null>(null);
  const api = useMemo<ActorDetailsApi>(
    () => ({
      open: (id, options) => {
        onOpen(id, options);
        setCurrentId(id);
      },
      close: () => setCurrentId(null),
      currentId,
    }),
    [currentId, onOpen],
  );
  return (
    <ActorDetailsContext.Provider value={api}>
      {children}
      <output data-testid="details-open">{currentId === null ? 'closed' : String(currentId)}</output>
      <button type="button" onClick={api.close}>
        close details
      </button>
      <button type="button" onClick={() => api.open(2)}>
        show actor 2
      </button>
    </ActorDetailsContext.Provider>
  );
}

/** Shows where the router is, and navigates, so tests can follow and make navigations. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(`${location.pathname}${location.search}`)}>
        visit the same route
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        history back
      </button>
    </>
  );
}

/** The actors page alone in the app providers (with a fake details overlay), at a route. */
export function renderActors(route = '/actors') {
  const opened = vi.fn<(id: number, options?: OpenActorOptions) => void>();
  const result = renderWithProviders(
    <FakeActorDetails onOpen={opened}>
      <ActorsPage />
      <LocationProbe />
    </FakeActorDetails>,
    { route },
  );
  return { ...result, opened };
}

/** The search parameters of the current location. */
export function currentParams(): URLSearchParams {
  const text = document.querySelector('[data-testid="location"]')?.textContent ?? '';
  return new URLSearchParams(text.includes('?') ? text.slice(text.indexOf('?') + 1) : '');
}
