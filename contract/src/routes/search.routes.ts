import { SearchStateResponse } from '../cache.schema';
import { EmptyResponse } from '../common.schema';
import type { RouteSpec } from '../route-spec';
import {
  SceneSearchQuery,
  SceneSearchResponse,
  SearchFieldsQuery,
  SearchFieldsResponse,
} from '../scene-request.schema';

/** Scene search (quick find, scene match), the indexed fields of a scene, the reindex task and its state. */
export const searchRoutes = {
  sceneSearch: {
    method: 'GET',
    path: '/api/scene/search',
    query: SceneSearchQuery,
    response: SceneSearchResponse,
  },
  sceneSearchFields: {
    method: 'GET',
    path: '/api/scene/searchfields',
    query: SearchFieldsQuery,
    response: SearchFieldsResponse,
  },
  searchIndexTask: {
    method: 'GET',
    path: '/api/task/index',
    response: EmptyResponse,
  },
  searchIndexState: {
    method: 'GET',
    path: '/api/options/state/search',
    response: SearchStateResponse,
  },
} as const satisfies Record<string, RouteSpec>;
