import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError, apiRoutes, FunscriptExportKind } from '@fovea/contract';
import type { FastifyReply } from 'fastify';
import { routeSchema } from '../../http/route-schema';
import type { FunscriptExportService, FunscriptZip } from '../../services/funscript-export.service';

const EXPORT_DESCRIPTION =
  'A zip (deflate) with the first script of each scripted scene (is_selected_script first, then the newest), ' +
  'named "<id> - <title>.funscript" (":" becomes "꞉"; ? / \\ < > | are dropped), scenes in scene_id order. ' +
  'export-all (funscripts.zip) takes every scene, export-new (funscripts-update.zip) only scenes whose script ' +
  'is not exported yet. Once the whole zip has been sent, its scripts are marked exported (and the other ' +
  'scripts of their scenes unmarked) in one transaction; an interrupted download marks nothing.';

function sendZip(reply: FastifyReply, zip: FunscriptZip): FastifyReply {
  void zip.settleWith(reply.raw);
  return reply
    .type('application/zip')
    .header('Content-Disposition', `attachment; filename="${zip.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(zip.stream);
}

/** Funscripts: the export zips (plain routes, not JSON), the counts and the funscript options. */
export function funscriptRoutes(deps: { funscripts: FunscriptExportService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { funscriptCount, saveFunscriptOptions } = apiRoutes;

    app.get(
      funscriptCount.path,
      {
        schema: routeSchema(funscriptCount, {
          tags: ['options'],
          summary: 'Scripted scenes, and those with a script not exported yet',
        }),
      },
      async () => deps.funscripts.counts(),
    );

    app.put(
      saveFunscriptOptions.path,
      {
        schema: routeSchema(saveFunscriptOptions, {
          tags: ['options'],
          summary: 'Save the funscript options',
        }),
      },
      async (request) => deps.funscripts.saveOptions(request.body),
    );

    for (const kind of FunscriptExportKind.options) {
      app.get(
        `/api/task/funscript/${kind}`,
        {
          // A HEAD would send no zip, and must not mark anything exported.
          exposeHeadRoute: false,
          schema: {
            tags: ['tasks'],
            summary:
              kind === 'export-all' ? 'Download every funscript (zip)' : 'Download new funscripts (zip)',
            description: EXPORT_DESCRIPTION,
            response: { '4xx': ApiError, '5xx': ApiError },
          },
        },
        async (_request, reply) => sendZip(reply, await deps.funscripts.open(kind)),
      );
    }
  };
}
