import type { Playlist } from '@fovea/contract';
import { useLocation, useNavigate } from 'react-router';
import { parseActorFilterQuery } from '../../../../src/features/actors/actor-filter-model';
import type { ActorFilters } from '../../../../src/features/actors/actor-filter-model';
import { ActorFilterSidebar } from '../../../../src/features/actors/filters/ActorFilterSidebar';
import { useActorFilterState } from '../../../../src/features/actors/use-actor-filter-state';
import { savedSearch } from '../../../fixtures/contract-fixtures';
import { mockApi, renderWithProviders } from '../../../test-utils';
import type { MockHandler, MockResponse, RecordedRequest } from '../../../test-utils';

/** Shows where the router is and the card size the hook gives, and steps back. */
function Probe({ filters }: { filters: ActorFilters }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <output data-testid="card-size">{filters.cardSize}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        history back
      </button>
    </>
  );
}

/** The sidebar wired to the route's filter state, as the actors page wires it. */
function SidebarOnRoute() {
  const { filters, setFilters } = useActorFilterState();
  return (
    <>
      <ActorFilterSidebar filters={filters} onChange={setFilters} />
      <Probe filters={filters} />
    </>
  );
}

export function renderSidebar(route = '/actors') {
  return renderWithProviders(<SidebarOnRoute />, { route });
}

/** The route's current `q`, decoded. */
export function shownFilters(): ActorFilters {
  const text = document.querySelector('[data-testid="location"]')?.textContent ?? '';
  const search = new URLSearchParams(text.split('?')[1] ?? '');
  return parseActorFilterQuery(search.get('q'));
}

export const currentLocation = (): string =>
  document.querySelector('[data-testid="location"]')?.textContent ?? '';

export const actorSearch = (overrides: Partial<Playlist> = {}): Playlist =>
  savedSearch({ playlist_type: 'actor', ...overrides });

export const FILTER_OPTIONS = {
  cast: ['Ann Able', 'Bea Bold', 'Cat Calm', 'aka:Ann Able,Bea Bold'],
  sites: ['VRBangers', 'SLR Originals'],
  attributes: ['Is Favourite', 'Has Tattoo', 'Cup Size D'],
};

/** Mocks the sidebar's calls; `requests` records every call. */
export function serveSidebar(
  playlists: Playlist[] = [],
  extra: Record<string, MockResponse | MockHandler> = {},
): RecordedRequest[] {
  return mockApi({
    'GET /api/actor/filters': { body: FILTER_OPTIONS },
    'GET /api/playlist/actor': { body: playlists },
    ...extra,
  });
}
