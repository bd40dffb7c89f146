import { Aka, AkaActorListBody, AkaDeleteBody, AkaList, AkaResponse } from '../aka.schema';
import { NumericIdParam } from '../common.schema';
import type { RouteSpec } from '../route-spec';

/**
 * /api/aka (xbvr-wire §4.1). Create, add and remove answer `{status, akas}`; a non-empty status is a warning or
 * an error (then nothing changed and `akas` is a zero group). Create answers 404 with that same body when a named
 * actor does not exist.
 */
export const akaRoutes = {
  akaList: {
    method: 'GET',
    path: '/api/aka/list',
    response: AkaList,
  },
  akaCreate: {
    method: 'POST',
    path: '/api/aka/create',
    body: AkaActorListBody,
    response: AkaResponse,
  },
  akaAdd: {
    method: 'POST',
    path: '/api/aka/add',
    body: AkaActorListBody,
    response: AkaResponse,
  },
  akaRemove: {
    method: 'POST',
    path: '/api/aka/remove',
    body: AkaActorListBody,
    response: AkaResponse,
  },
  akaDelete: {
    method: 'POST',
    path: '/api/aka/delete',
    body: AkaDeleteBody,
    response: Aka,
  },
  akaGet: {
    method: 'GET',
    path: '/api/aka/{id}',
    params: NumericIdParam,
    response: Aka,
  },
} as const satisfies Record<string, RouteSpec>;
