import { ApiError, type RouteSpec } from '@fovea/contract';

/** Fastify schema for a route of the contract's route table: validation, serialisation and OpenAPI. */
export function routeSchema<S extends RouteSpec>(spec: S, meta: { tags: string[]; summary: string }) {
  const schema = {
    tags: meta.tags,
    summary: meta.summary,
    body: spec.body as S['body'],
    querystring: spec.query as S['query'],
    params: spec.params as S['params'],
    response: { 200: spec.response as S['response'], '4xx': ApiError, '5xx': ApiError },
  };
  // Parts a route does not have are left out, not set to undefined (Fastify warns about those).
  for (const part of ['body', 'querystring', 'params'] as const) {
    if (schema[part] === undefined) delete schema[part];
  }
  return schema;
}
