import type { RouteSpec } from '../route-spec';
import {
  SceneFiltersQuery,
  SceneFiltersResponse,
  SceneListRequest,
  SceneListResponse,
} from '../scene-filter.schema';

export const sceneListRoutes = {
  sceneList: {
    method: 'POST',
    path: '/api/scene/list',
    body: SceneListRequest,
    response: SceneListResponse,
  },
  sceneFilters: {
    method: 'GET',
    path: '/api/scene/filters',
    query: SceneFiltersQuery,
    response: SceneFiltersResponse,
  },
} as const satisfies Record<string, RouteSpec>;
