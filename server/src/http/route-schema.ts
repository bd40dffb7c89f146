import { ApiError, type RouteSpec } from '@fovea/contract';

/**
 * Fastify schema for a route of the contract's route table: validation, serialisation and OpenAPI. Parts a
 * route does not have are left out rather than set to undefined (Fastify warns about those).
 */
export function routeSchema<S extends RouteSpec>(spec: S, meta: { tags: string[]; summary: string }) {
  return {
    tags: meta.tags,
    summary: meta.summary,
    ...((spec.body ? { body: spec.body } : {}) as { body: S['body'] }),
    ...((spec.query ? { querystring: spec.query } : {}) as { querystring: S['query'] }),
    ...((spec.params ? { params: spec.params } : {}) as { params: S['params'] }),
    response: { 200: spec.response as S['response'], '4xx': ApiError, '5xx': ApiError },
  };
}

/** A contract path ("/api/scene/{id}") in Fastify's form ("/api/scene/:id"). */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
