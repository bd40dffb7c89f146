import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { AkaNotFoundResponse, apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { AkaService } from '../../services/aka.service';

/** The contract's `{id}` path parameters in Fastify's `:id` form. */

/** /api/aka: aka groups, shown as "aka:..." pseudo-actors in the cast filters. */
export function akaRoutes(deps: { akas: AkaService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { akaList, akaCreate, akaAdd, akaRemove, akaDelete, akaGet } = apiRoutes;
    const tags = ['akas'];
    app.get(
      akaList.path,
      { schema: routeSchema(akaList, { tags, summary: 'Every aka group with its members' }) },
      async () => deps.akas.list(),
    );
    const createSchema = routeSchema(akaCreate, {
      tags,
      summary: 'Create an aka group of the listed actors',
    });
    app.post(
      akaCreate.path,
      // A named actor that does not exist: 404 with the usual {status, akas} body (xbvr-wire §4.1), plus the
      // {error, message} of every 4xx answer.
      { schema: { ...createSchema, response: { ...createSchema.response, 404: AkaNotFoundResponse } } },
      async (request, reply) => {
        const outcome = await deps.akas.create(request.body.actorList);
        if (outcome.httpStatus !== 404) return reply.code(outcome.httpStatus).send(outcome.answer);
        const message = outcome.answer.status.replace(/^Error: /, '');
        return reply.code(404).send({ ...outcome.answer, error: 'Not Found', message });
      },
    );
    app.post(
      akaAdd.path,
      { schema: routeSchema(akaAdd, { tags, summary: 'Add the listed actors to the "aka:..." entry' }) },
      async (request) => (await deps.akas.add(request.body.actorList)).answer,
    );
    app.post(
      akaRemove.path,
      {
        schema: routeSchema(akaRemove, {
          tags,
          summary: 'Remove the listed actors from the "aka:..." entry',
        }),
      },
      async (request) => (await deps.akas.remove(request.body.actorList)).answer,
    );
    app.post(
      akaDelete.path,
      { schema: routeSchema(akaDelete, { tags, summary: 'Delete an aka group; answers it as it was' }) },
      async (request) => deps.akas.delete(request.body),
    );
    app.get(
      fastifyPath(akaGet.path),
      { schema: routeSchema(akaGet, { tags, summary: 'One aka group by id' }) },
      async (request) => deps.akas.get(request.params.id),
    );
  };
}
