import type {
  Actor,
  ActorAkasResponse,
  ActorColleague,
  CountryEntry,
  ExternalReferenceLink,
  OptionsStateResponse,
  Scene,
} from '@fovea/contract';
import { useActorDetails } from '../../../src/features/actor-details/actor-details-context';
import type { OpenActorOptions } from '../../../src/features/actor-details/actor-details-context';
import { actorFixture } from '../../fixtures/contract-fixtures';
import { mockApi, optionsState } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';

/** A profile actor as GET /api/actor/{id} answers it. */
export function profileActor(overrides: Partial<Actor> = {}): Actor {
  return actorFixture({
    id: 7,
    name: 'Alice Example',
    count: 5,
    avail_count: 3,
    image_url: 'https://img.example/alice-1.jpg',
    image_arr: JSON.stringify(['https://img.example/alice-1.jpg', 'https://img.example/alice-2.jpg']),
    star_rating: 3.5,
    birth_date: '1995-08-01T00:00:00Z',
    nationality: 'GB',
    ethnicity: 'Caucasian',
    hair_color: 'Blonde',
    eye_color: 'Blue',
    height: 170,
    weight: 55,
    cup_size: 'C',
    band_size: 86,
    waist_size: 61,
    hip_size: 86,
    breast_type: 'Natural',
    start_year: 2015,
    end_year: 2020,
    aliases: JSON.stringify(['Ally', 'A. Example']),
    tattoos: JSON.stringify(['Rose on the left ankle']),
    piercings: '[]',
    biography: 'Alice grew up by the sea.',
    urls: JSON.stringify([
      { url: 'https://vrhush.example/models/alice', type: 'vrhush scrape' },
      { url: 'https://social.example/alice', type: 'twitter' },
    ]),
    scene_rating_average: '4.25',
    ...overrides,
  });
}

export function stashdbExtref(actorId: number): ExternalReferenceLink {
  return {
    id: 31,
    internal_table: 'actors',
    internal_db_id: actorId,
    internal_name_id: 'Alice Example',
    external_reference_id: 41,
    external_source: 'stashdb performer',
    external_id: 'abc-123',
    match_type: 90,
    udf_datetime1: '2025-03-04T10:00:00Z',
    external_reference: {
      id: 41,
      xbvr_links: null,
      external_source: 'stashdb performer',
      external_id: 'abc-123',
      external_url: 'https://stashdb.org/performers/abc-123',
      external_date: '2025-03-04T10:00:00Z',
      external_data: '{}',
      udf_bool1: false,
      udf_bool2: false,
      udf_datetime1: '0001-01-01T00:00:00Z',
    },
  };
}

export const COUNTRIES: CountryEntry[] = [
  { code: 'GB', name: 'United Kingdom', flag_url: '/flags/gb.svg' },
  { code: 'US', name: 'United States', flag_url: '/flags/us.svg' },
];

interface ServerSetup {
  actors: Actor[];
  options?: OptionsStateResponse;
  akas?: Record<number, ActorAkasResponse>;
  colleagues?: Record<number, ActorColleague[]>;
  extrefs?: Record<number, ExternalReferenceLink[]>;
  scenes?: Scene[];
  extra?: Record<string, MockResponse | MockHandler>;
}

/** A fake server for actor details: the actors by id and every call the overlay makes. */
export function actorServer({
  actors,
  options = optionsState(),
  akas = {},
  colleagues = {},
  extrefs = {},
  scenes = [],
  extra = {},
}: ServerSetup) {
  const current = new Map(actors.map((actor) => [actor.id, actor]));
  const routes: Record<string, MockResponse | MockHandler> = {
    'GET /api/options/state': { body: options },
    'GET /api/actor/countrylist': { body: COUNTRIES },
    'POST /api/actor/toggle': ({ body }) => {
      const { actor_id: id, list } = body as { actor_id: number; list: 'favourite' | 'watchlist' };
      const actor = current.get(id);
      if (actor) current.set(id, { ...actor, [list]: !actor[list] });
      return { body: null };
    },
    'POST /api/scene/list': {
      body: {
        results: scenes.length,
        scenes,
        count_any: 0,
        count_available: 0,
        count_downloaded: 0,
        count_not_downloaded: 0,
        count_hidden: 0,
      },
    },
  };
  for (const actor of actors) {
    const id = actor.id;
    routes[`GET /api/actor/${id}`] = () => ({ body: current.get(id) ?? actorFixture({ id: 0, name: '' }) });
    routes[`GET /api/actor/akas/${id}`] = {
      body: akas[id] ?? { aka_groups: null, actors: null, possible_akas: null },
    };
    routes[`GET /api/actor/colleagues/${id}`] = { body: colleagues[id] ?? [] };
    routes[`GET /api/actor/extrefs/${id}`] = { body: extrefs[id] ?? [] };
    routes[`POST /api/actor/rate/${id}`] = ({ body }) => {
      const rated = { ...(current.get(id) ?? actor), star_rating: (body as { rating: number }).rating };
      current.set(id, rated);
      return { body: rated };
    };
    routes[`DELETE /api/actor/delete/${id}`] = () => {
      current.delete(id);
      return { body: actorFixture({ id: 0, name: '' }) };
    };
  }
  const requests = mockApi({ ...routes, ...extra });
  return { requests, current };
}

/** Buttons that open actors through the app's actor details, as the list does. */
export function ActorOpener({ actorId, options }: { actorId: number; options?: OpenActorOptions }) {
  const details = useActorDetails();
  return (
    <div>
      <button type="button" onClick={() => details.open(actorId, options)}>
        open actor
      </button>
      <span data-testid="current-actor">{String(details.currentId)}</span>
    </div>
  );
}
