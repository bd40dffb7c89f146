import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What one path answers. */
export interface SiteRoute {
  status?: number;
  contentType?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TrailerSiteServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  routes: Map<string, SiteRoute>;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A local stand-in for a studio site (or an image host): pages, JSON and image answers set per path (query string included), every
 * request recorded with its headers and body. Unknown paths answer 404.
 */
export async function startTrailerSite(): Promise<TrailerSiteServer> {
  const routes = new Map<string, SiteRoute>();
  const requests: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const route = routes.get(path);
      const answer = () => {
        if (!route) {
          response.writeHead(404, { 'content-type': 'text/plain' });
          response.end('not found');
          return;
        }
        response.writeHead(route.status ?? 200, {
          'content-type': route.contentType ?? 'application/json',
          ...route.headers,
        });
        response.end(route.body ?? '');
      };
      if (route?.delayMs) setTimeout(answer, route.delayMs);
      else answer();
    });
  });
  // Keep-alive sockets would hold close() open; a slow route is cut by the client, so end sockets on close.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
