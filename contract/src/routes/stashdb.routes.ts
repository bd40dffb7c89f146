import type { RouteSpec } from '../route-spec';
import { Scene } from '../scene.schema';
import {
  StashdbLinkParams,
  StashdbSceneParam,
  StashdbSceneSearchResponse,
  StashdbSearchQuery,
} from '../stashdb.schema';

/**
 * StashDB scene search and manual link (options-spec §7, xbvr-wire §8). The search answers 200 with a
 * non-empty `Status` (shown as a warning) when there is no API key or StashDB cannot be reached.
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
} as const satisfies Record<string, RouteSpec>;
