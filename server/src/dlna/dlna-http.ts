import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from '../logging/logger';
import type { FileStreamService, StreamAnswer } from '../services/file-stream.service';
import { isAllowed, normaliseIp, type RecentAddresses } from './client-addresses';
import type { ContentDirectoryService } from './content-directory.service';
import {
  CONNECTION_MANAGER_SCPD,
  CONTENT_DIRECTORY_SCPD,
  DESCRIPTION_PATH,
  deviceDescription,
  ICON_SIZES,
  SERVER_HEADER,
  SERVICES,
} from './device-description';
import { DLNA_FLAGS, protocolInfo } from './didl';
import type { DlnaIcons } from './dlna-icons';
import {
  CONNECTION_MANAGER_TYPE,
  CONTENT_DIRECTORY_TYPE,
  parseSoapCall,
  soapFault,
  soapResponse,
  UpnpError,
  type SoapCall,
} from './soap';

export interface DlnaHttpDeps {
  serviceName: string;
  image: string;
  version: string;
  /** Read on every request, so an edit of the allowed list applies at once. */
  allowedIp(): readonly string[];
  recent: RecentAddresses;
  icons: DlnaIcons;
  contentDirectory: ContentDirectoryService;
  streams: Pick<FileStreamService, 'serveFile' | 'abortAll'>;
  /** The scene's cover as JPEG (through the image proxy); null when there is none. */
  art(sceneId: number): Promise<Buffer | null>;
  /** ContentDirectory's SystemUpdateID. */
  updateId: number;
  logger: Logger;
}

const XML = 'text/xml; charset="utf-8"';
const SOURCE_MIMES = ['video/mp4', 'video/x-matroska', 'video/webm', 'video/quicktime', 'video/x-msvideo'];

function uint(value: string | undefined, name: string): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > 0xffffffff) {
    throw new UpnpError(402, `${name} must be an unsigned integer, not "${value ?? ''}"`);
  }
  return Number(text);
}

function sendStream(reply: FastifyReply, answer: StreamAnswer): FastifyReply {
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
  return reply
    .status(answer.status)
    .headers(answer.headers)
    .send(answer.body ?? undefined);
}

async function contentDirectory(call: SoapCall, deps: DlnaHttpDeps, baseUrl: string): Promise<string> {
  switch (call.action) {
    case 'Browse': {
      const flag = call.args.BrowseFlag;
      if (flag !== 'BrowseMetadata' && flag !== 'BrowseDirectChildren') {
        throw new UpnpError(
          402,
          `BrowseFlag must be BrowseMetadata or BrowseDirectChildren, not "${flag ?? ''}"`,
        );
      }
      const objectId = call.args.ObjectID;
      if (objectId === undefined) throw new UpnpError(402, 'ObjectID is missing');
      const answer = await deps.contentDirectory.browse({
        objectId,
        flag,
        start: uint(call.args.StartingIndex ?? '0', 'StartingIndex'),
        count: uint(call.args.RequestedCount ?? '0', 'RequestedCount'),
        baseUrl,
      });
      return soapResponse(CONTENT_DIRECTORY_TYPE, 'Browse', [
        ['Result', answer.result],
        ['NumberReturned', String(answer.returned)],
        ['TotalMatches', String(answer.total)],
        ['UpdateID', String(deps.updateId)],
      ]);
    }
    case 'GetSystemUpdateID':
      return soapResponse(CONTENT_DIRECTORY_TYPE, call.action, [['Id', String(deps.updateId)]]);
    case 'GetSortCapabilities':
      return soapResponse(CONTENT_DIRECTORY_TYPE, call.action, [['SortCaps', 'dc:title']]);
    case 'GetSearchCapabilities':
      return soapResponse(CONTENT_DIRECTORY_TYPE, call.action, [['SearchCaps', '']]);
    default:
      throw new UpnpError(401, `ContentDirectory has no action ${call.action}`);
  }
}

function connectionManager(call: SoapCall): string {
  switch (call.action) {
    case 'GetProtocolInfo':
      return soapResponse(CONNECTION_MANAGER_TYPE, call.action, [
        ['Source', SOURCE_MIMES.map(protocolInfo).join(',')],
        ['Sink', ''],
      ]);
    case 'GetCurrentConnectionIDs':
      return soapResponse(CONNECTION_MANAGER_TYPE, call.action, [['ConnectionIDs', '0']]);
    default:
      throw new UpnpError(401, `ConnectionManager has no action ${call.action}`);
  }
}

/**
 * The DLNA HTTP server (its own port): device description, service descriptions, SOAP control, media with
 * byte ranges, cover art and icons. Every client address is recorded; one not on a non-empty allowed list
 * gets 403 for everything.
 */
export function buildDlnaHttp(deps: DlnaHttpDeps): FastifyInstance {
  const app = Fastify({ routerOptions: { maxParamLength: 500 } });
  app.addHttpMethod('SUBSCRIBE');
  app.addHttpMethod('UNSUBSCRIBE');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('server', SERVER_HEADER);
    const address = normaliseIp(request.socket.remoteAddress);
    deps.recent.record(address);
    if (!isAllowed(address, deps.allowedIp())) {
      deps.logger.info({ address }, 'DLNA: request from an address not on the allowed list refused');
      return reply.status(403).type('text/plain').send(`${address} is not on the DLNA allowed list`);
    }
  });
  app.addHook('preClose', async () => deps.streams.abortAll());
  app.setErrorHandler((error, request, reply) => {
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : 500;
    if (status >= 500) deps.logger.warn({ err: error, url: request.url }, 'DLNA request failed');
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({
        error: status >= 500 ? 'Internal Server Error' : 'Request failed',
        message: error instanceof Error ? error.message : String(error),
      });
  });

  app.get(DESCRIPTION_PATH, async (_request, reply) =>
    reply.type(XML).send(deviceDescription({ serviceName: deps.serviceName, version: deps.version })),
  );
  app.get('/scpd/ContentDirectory.xml', async (_request, reply) =>
    reply.type(XML).send(CONTENT_DIRECTORY_SCPD),
  );
  app.get('/scpd/ConnectionManager.xml', async (_request, reply) =>
    reply.type(XML).send(CONNECTION_MANAGER_SCPD),
  );

  for (const [path, handle] of [
    ['/ctl/ContentDirectory', (call: SoapCall, baseUrl: string) => contentDirectory(call, deps, baseUrl)],
    ['/ctl/ConnectionManager', (call: SoapCall) => Promise.resolve(connectionManager(call))],
  ] as const) {
    app.post(path, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const soapAction = request.headers.soapaction;
      const host = request.headers.host ?? `${request.socket.localAddress ?? '127.0.0.1'}`;
      try {
        const call = parseSoapCall(body, Array.isArray(soapAction) ? soapAction[0] : soapAction);
        return reply.type(XML).send(await handle(call, `http://${host}`));
      } catch (error) {
        if (!(error instanceof UpnpError)) {
          deps.logger.warn({ err: error }, 'DLNA: SOAP action failed');
        }
        const fault = error instanceof UpnpError ? error : new UpnpError(501, 'Action failed');
        return reply.status(500).type(XML).send(soapFault(fault));
      }
    });
  }

  // Eventing is not offered; a subscription is acknowledged so strict control points carry on browsing.
  for (const service of SERVICES) {
    app.route({
      method: ['SUBSCRIBE', 'UNSUBSCRIBE'],
      url: service.events,
      handler: async (request, reply) =>
        reply
          .status(200)
          .headers(
            request.method === 'SUBSCRIBE' ? { sid: `uuid:${randomUUID()}`, timeout: 'Second-1800' } : {},
          )
          .send(),
    });
  }

  app.get<{ Params: { name: string } }>('/icons/:name', async (request, reply) => {
    const size = /^(\d+)\.png$/.exec(request.params.name)?.[1];
    if (!size || !(ICON_SIZES as readonly number[]).includes(Number(size))) {
      return reply.status(404).send({ error: 'Not Found', message: 'icons are 48.png and 128.png' });
    }
    return reply
      .type('image/png')
      .header('cache-control', 'no-cache')
      .send(await deps.icons.png(deps.image, Number(size)));
  });

  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:name',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const id = /^([1-9]\d{0,9})(\.[a-z0-9]{1,5})?$/i.exec(request.params.name)?.[1];
      if (!id) return reply.status(404).send({ error: 'Not Found', message: 'use /media/<file id>.<ext>' });
      const answer = await deps.streams.serveFile(Number(id), {
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
        headers: request.headers,
        track: true,
      });
      reply.header('contentfeatures.dlna.org', DLNA_FLAGS).header('transfermode.dlna.org', 'Streaming');
      return sendStream(reply, answer);
    },
  });

  app.get<{ Params: { name: string } }>('/art/:name', async (request, reply) => {
    const id = /^([1-9]\d{0,9})\.jpg$/.exec(request.params.name)?.[1];
    const jpeg = id ? await deps.art(Number(id)) : null;
    if (!jpeg) return reply.status(404).send({ error: 'Not Found', message: 'no cover art for that scene' });
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .header('contentfeatures.dlna.org', 'DLNA.ORG_PN=JPEG_TN')
      .send(jpeg);
  });

  return app;
}
