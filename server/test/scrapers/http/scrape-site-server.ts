import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export type SiteHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface ScrapeSiteServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Handlers by path (query string included); unknown paths answer 404. */
  routes: Map<string, SiteHandler>;
  requests: SeenRequest[];
  /** Most requests the server was answering at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

/** An answer with a status, headers and a body. */
export function reply(status: number, body = '', headers: Record<string, string> = {}): SiteHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.end(body);
  };
}

/** Like reply, after `ms` (so requests overlap). */
export function slowReply(ms: number, body = 'ok'): SiteHandler {
  return (_request, response) => {
    setTimeout(() => reply(200, body)(_request, response), ms);
  };
}

/** A stand-in studio site on 127.0.0.1 that records every request and how many overlapped. */
export async function startScrapeSite(): Promise<ScrapeSiteServer> {
  let inFlight = 0;
  const sockets = new Set<Socket>();
  const site: ScrapeSiteServer = {
    origin: '',
    routes: new Map(),
    requests: [],
    maxInFlight: 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    site.requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
    inFlight++;
    site.maxInFlight = Math.max(site.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    const handler = site.routes.get(path) ?? reply(404, 'not found');
    request.resume();
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}
