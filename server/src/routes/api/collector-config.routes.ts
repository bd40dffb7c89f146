import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { CollectorConfigService } from '../../scrapers/collector/collector-config.service';

/** Options → Advanced → Cookies/Headers: list, save (form or imported file) and delete collector configs. */
export function collectorConfigRoutes(deps: {
  collectorConfigs: CollectorConfigService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { collectorConfigList, saveCollectorConfig, deleteCollectorConfig } = apiRoutes;
    const tags = ['options'];
    app.get(
      collectorConfigList.path,
      {
        schema: routeSchema(collectorConfigList, {
          tags,
          summary: 'Every collector config (headers, cookies)',
        }),
      },
      async () => deps.collectorConfigs.list(),
    );
    app.post(
      saveCollectorConfig.path,
      {
        schema: routeSchema(saveCollectorConfig, {
          tags,
          summary: 'Create or replace a collector config (also an imported file, posted as is)',
        }),
      },
      async (request) => {
        await deps.collectorConfigs.save(request.body);
        return null;
      },
    );
    app.delete(
      deleteCollectorConfig.path,
      {
        schema: routeSchema(deleteCollectorConfig, {
          tags,
          summary: 'Delete a collector config; 404 when missing',
        }),
      },
      async (request) => {
        await deps.collectorConfigs.delete(request.body.domain_key);
        return null;
      },
    );
  };
}
