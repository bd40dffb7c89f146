import { ActorListResponse } from '../actor.schema';
import { ActorFiltersResponse, ActorListRequest } from '../actor-request.schema';
import type { RouteSpec } from '../route-spec';

export const actorListRoutes = {
  actorList: {
    method: 'POST',
    path: '/api/actor/list',
    body: ActorListRequest,
    response: ActorListResponse,
  },
  actorFilters: {
    method: 'GET',
    path: '/api/actor/filters',
    response: ActorFiltersResponse,
  },
} as const satisfies Record<string, RouteSpec>;
