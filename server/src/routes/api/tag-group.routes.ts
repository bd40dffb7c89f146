import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { TagGroupService } from '../../services/tag-group.service';

/** The contract's `{name}` path parameters in Fastify's `:name` form. */

/** /api/tag_group: tag groups, shown as "tag group:<name>" entries in the scene list's tags filter. */
export function tagGroupRoutes(deps: { tagGroups: TagGroupService }): FastifyPluginAsyncZod {
  return async (app) => {
    const {
      tagGroupList,
      tagGroupCreate,
      tagGroupAdd,
      tagGroupRemove,
      tagGroupRename,
      tagGroupDelete,
      tagGroupGet,
    } = apiRoutes;
    const tags = ['tag groups'];
    app.get(
      tagGroupList.path,
      { schema: routeSchema(tagGroupList, { tags, summary: 'Every tag group with its tags' }) },
      async () => deps.tagGroups.list(),
    );
    app.post(
      tagGroupCreate.path,
      { schema: routeSchema(tagGroupCreate, { tags, summary: 'Create a tag group of the listed tags' }) },
      async (request) => deps.tagGroups.create(request.body),
    );
    app.post(
      tagGroupAdd.path,
      {
        schema: routeSchema(tagGroupAdd, {
          tags,
          summary: 'Add the listed tags to the "tag group:..." entry',
        }),
      },
      async (request) => deps.tagGroups.add(request.body.tagList),
    );
    app.post(
      tagGroupRemove.path,
      {
        schema: routeSchema(tagGroupRemove, {
          tags,
          summary: 'Remove the listed tags from the "tag group:..." entry',
        }),
      },
      async (request) => deps.tagGroups.remove(request.body.tagList),
    );
    app.post(
      tagGroupRename.path,
      { schema: routeSchema(tagGroupRename, { tags, summary: 'Rename the group tagList[0] to name' }) },
      async (request) => deps.tagGroups.rename(request.body.name, request.body.tagList),
    );
    app.post(
      tagGroupDelete.path,
      { schema: routeSchema(tagGroupDelete, { tags, summary: 'Delete a tag group; answers it as it was' }) },
      async (request) => deps.tagGroups.delete(request.body),
    );
    app.get(
      fastifyPath(tagGroupGet.path),
      {
        schema: routeSchema(tagGroupGet, { tags, summary: 'One tag group by its "tag group:<name>" entry' }),
      },
      async (request) => deps.tagGroups.get(request.params.name),
    );
  };
}
