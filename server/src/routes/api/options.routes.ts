import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../../http/route-schema';
import type { OptionsStateService } from '../../services/options-state.service';
import type { OptionsService } from '../../services/options.service';
import type { VersionCheckService } from '../../services/version-check.service';

export interface OptionsRoutesDeps {
  options: OptionsService;
  optionsState: OptionsStateService;
  versionCheck: VersionCheckService;
}

export function optionsRoutes(deps: OptionsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { versionCheck, optionsState, saveWebOptions, saveAdvancedOptions, saveCacheOptions } = apiRoutes;

    app.get(
      versionCheck.path,
      { schema: routeSchema(versionCheck, { tags: ['options'], summary: 'Current and latest version' }) },
      async () => deps.versionCheck.check(deps.options.get().web.updateCheck),
    );

    app.get(
      optionsState.path,
      {
        schema: routeSchema(optionsState, { tags: ['options'], summary: 'Saved options and current state' }),
      },
      async () => deps.optionsState.state(),
    );

    app.put(
      saveWebOptions.path,
      { schema: routeSchema(saveWebOptions, { tags: ['options'], summary: 'Save the Web UI options' }) },
      async (request) => deps.options.updateWeb(request.body),
    );

    app.put(
      saveAdvancedOptions.path,
      {
        schema: routeSchema(saveAdvancedOptions, { tags: ['options'], summary: 'Save the advanced options' }),
      },
      async (request) => deps.options.updateAdvanced(request.body),
    );

    app.put(
      saveCacheOptions.path,
      {
        schema: routeSchema(saveCacheOptions, {
          tags: ['options'],
          summary: 'Save the cache settings (the images cache limit, how often sizes are measured)',
        }),
      },
      async (request) => deps.options.updateCache(request.body),
    );
  };
}
