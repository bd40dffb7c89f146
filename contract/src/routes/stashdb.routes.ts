import { Actor, ActorShapeQuery } from '../actor.schema';
import { EmptyResponse } from '../common.schema';
import type { RouteSpec } from '../route-spec';
import { Scene } from '../scene.schema';
import {
  StashdbActorParam,
  StashdbLinkParams,
  StashdbPerformerParam,
  StashdbPerformerSearchResponse,
  StashdbSceneParam,
  StashdbSceneSearchResponse,
  StashdbSearchQuery,
} from '../stashdb.schema';

/**
 * StashDB scene and performer searches, manual links and the refresh of a performer (options-spec §7,
 * xbvr-wire §8). The searches answer 200 with a non-empty `Status` (shown as a warning) when there is no API
 * key or StashDB cannot be reached.
 */
export const stashdbRoutes = {
  stashdbSceneSearch: {
    method: 'GET',
    path: '/api/extref/stashdb/search/{id}',
    params: StashdbSceneParam,
    query: StashdbSearchQuery,
    response: StashdbSceneSearchResponse,
  },
  stashdbLinkScene: {
    method: 'GET',
    path: '/api/extref/stashdb/link2scene/{id}/{stashId}',
    params: StashdbLinkParams,
    response: Scene,
  },
  stashdbActorSearch: {
    method: 'GET',
    path: '/api/extref/stashdb/searchactor/{id}',
    params: StashdbActorParam,
    query: StashdbSearchQuery,
    response: StashdbPerformerSearchResponse,
  },
  stashdbLinkActor: {
    method: 'GET',
    path: '/api/extref/stashdb/link2actor/{id}/{stashId}',
    params: StashdbLinkParams,
    query: ActorShapeQuery,
    response: Actor,
  },
  stashdbRefreshPerformer: {
    method: 'GET',
    path: '/api/extref/stashdb/refresh_performer/{performerId}',
    params: StashdbPerformerParam,
    response: EmptyResponse,
  },
  /** Queues the linking run of the sites with scrape_stash on; 400 without an API key. */
  stashdbRunAll: {
    method: 'GET',
    path: '/api/extref/stashdb/run_all',
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
