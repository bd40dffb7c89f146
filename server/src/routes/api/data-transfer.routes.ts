import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes, BUNDLE_FILE_NAME, type BundleRestoreQuery } from '@fovea/contract';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { TransferReports } from '../../bundles/transfer-reports.service';
import type { TransferRequests } from '../../bundles/transfer-requests.service';
import { HttpError } from '../../http/http-errors';
import { routeSchema } from '../../http/route-schema';
import { BUNDLE_DOWNLOAD_PATH } from '../../jobs/handlers/bundle-backup.job';

export interface DataTransferRouteDeps {
  requests: TransferRequests;
  reports: TransferReports;
  downloadsDir: string;
}

const RESTORE_SUMMARY =
  'Restore a content bundle (v2.1 or v1): the wire JSON body {…options, uploadData, bundleUrl}, or the bundle file ' +
  'itself as application/octet-stream with the options in the query. Both are streamed to disk; the answer ' +
  'comes once the restore job is queued, its report arrives on data.transfer.';

/** /api/task/bundle/*, /api/task/data/reports and /api/task/xbvr-import, and the bundle download. */
export function dataTransferRoutes(deps: DataTransferRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { bundleBackup, bundleRestore, dataTransferReports, xbvrImport } = apiRoutes;
    app.get(
      bundleBackup.path,
      { schema: routeSchema(bundleBackup, { tags: ['tasks'], summary: 'Write a v2.1 content bundle' }) },
      async (request, reply) => {
        await deps.requests.backup(request.query);
        if (request.query.download) {
          const origin = `${request.protocol}://${request.host}`;
          return { status: `Ready to Download from ${origin}${BUNDLE_DOWNLOAD_PATH}` };
        }
        const file = createReadStream(join(deps.downloadsDir, BUNDLE_FILE_NAME));
        // A stream is sent as it is (Fastify never serialises one); the schema describes the JSON inside.
        return reply.type('application/json; charset=utf-8').send(file as never);
      },
    );

    // The restore reads its body itself, as a stream (JSON wire form and raw bundle files alike), so it lives
    // in a scope of its own where no body parser runs. The app's 1 MB body limit does not apply to a streamed
    // body (Fastify enforces it only where it reads the body itself); restoreUpload stops at MAX_BUNDLE_BYTES.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => {
        done(null, payload);
      });
      scope.post(
        bundleRestore.path,
        { schema: routeSchema(bundleRestore, { tags: ['tasks'], summary: RESTORE_SUMMARY }) },
        async (request) => {
          const body = request.body as Readable | undefined;
          const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
          if (!body)
            throw new HttpError(400, 'The request has no body: send the bundle file or the JSON form.');
          if (type === 'application/json') return deps.requests.restoreWire(body);
          if (type === 'application/octet-stream') {
            // The query was checked and coerced by the route schema.
            return deps.requests.restoreUpload(body, request.query as BundleRestoreQuery);
          }
          body.resume();
          throw new HttpError(
            415,
            'Send the bundle as application/octet-stream, or the JSON form as application/json.',
          );
        },
      );
    });

    app.get(
      dataTransferReports.path,
      {
        schema: routeSchema(dataTransferReports, {
          tags: ['tasks'],
          summary: 'The latest backup, restore and XBVR move-in reports',
        }),
      },
      () => deps.reports.latest(),
    );

    app.post(
      xbvrImport.path,
      {
        schema: routeSchema(xbvrImport, {
          tags: ['tasks'],
          summary:
            "Move in from XBVR's database (SQLite file or MySQL URL, read-only): a dry run or the import",
        }),
      },
      (request) => deps.requests.xbvrImport(request.body),
    );
  };
}
