import {
  Actor,
  ActorAkasResponse,
  ActorColleaguesQuery,
  ActorColleaguesResponse,
  ActorShapeQuery,
  CountryList,
} from '../actor.schema';
import {
  ActorEditBody,
  ActorEditExtrefsBody,
  ActorImageBody,
  ActorLookupParam,
  ActorToggleBody,
} from '../actor-request.schema';
import { EmptyResponse, NumericIdParam } from '../common.schema';
import { ExternalReferenceLinkList } from '../extref.schema';
import { RateBody } from '../fields.schema';
import type { RouteSpec } from '../route-spec';

/**
 * The calls on one actor (library-spec §7, xbvr-wire §3.4-§3.12). The list and its filters live in
 * actor-list.routes.ts.
 */
export const actorRoutes = {
  actorGet: {
    method: 'GET',
    path: '/api/actor/{id}',
    params: ActorLookupParam,
    query: ActorShapeQuery,
    response: Actor,
  },
  actorToggle: {
    method: 'POST',
    path: '/api/actor/toggle',
    body: ActorToggleBody,
    response: EmptyResponse,
  },
  actorRate: {
    method: 'POST',
    path: '/api/actor/rate/{id}',
    params: NumericIdParam,
    body: RateBody,
    query: ActorShapeQuery,
    response: Actor,
  },
  actorEdit: {
    method: 'POST',
    path: '/api/actor/edit/{id}',
    params: NumericIdParam,
    body: ActorEditBody,
    query: ActorShapeQuery,
    response: Actor,
  },
  actorDelete: {
    method: 'DELETE',
    path: '/api/actor/delete/{id}',
    params: NumericIdParam,
    response: Actor,
  },
  actorSetImage: {
    method: 'POST',
    path: '/api/actor/setimage',
    body: ActorImageBody,
    query: ActorShapeQuery,
    response: Actor,
  },
  actorDeleteImage: {
    method: 'DELETE',
    path: '/api/actor/delimage',
    body: ActorImageBody,
    query: ActorShapeQuery,
    response: Actor,
  },
  actorColleagues: {
    method: 'GET',
    path: '/api/actor/colleagues/{id}',
    params: NumericIdParam,
    query: ActorColleaguesQuery,
    response: ActorColleaguesResponse,
  },
  actorAkas: {
    method: 'GET',
    path: '/api/actor/akas/{id}',
    params: NumericIdParam,
    query: ActorShapeQuery,
    response: ActorAkasResponse,
  },
  actorExtrefs: {
    method: 'GET',
    path: '/api/actor/extrefs/{id}',
    params: NumericIdParam,
    response: ExternalReferenceLinkList,
  },
  actorEditExtrefs: {
    method: 'POST',
    path: '/api/actor/edit_extrefs/{id}',
    params: NumericIdParam,
    body: ActorEditExtrefsBody,
    response: ExternalReferenceLinkList,
  },
  actorCountryList: {
    method: 'GET',
    path: '/api/actor/countrylist',
    response: CountryList,
  },
} as const satisfies Record<string, RouteSpec>;
