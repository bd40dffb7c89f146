import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxiedRequest {
  /** 'CONNECT' for a tunnel, else the method of an absolute-URI request. */
  method: string;
  /** host:port of a tunnel, or the absolute URI asked for. */
  target: string;
}

export interface TestProxy {
  /** `http://127.0.0.1:<port>`: the value for advanced.scraperProxy. */
  url: string;
  forwarded: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A small forward proxy on 127.0.0.1 for one test: absolute-URI requests (`GET http://host/path`) are
 * forwarded, and CONNECT opens a tunnel. Where a host really goes is `routes` (host:port → 127.0.0.1 port),
 * since the tests never leave loopback; an unknown host answers 502. Every request is recorded.
 */
export async function startTestProxy(routes: Record<string, number>): Promise<TestProxy> {
  const forwarded: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const portOf = (hostPort: string) => routes[hostPort.toLowerCase()];
  const server: Server = createServer((request, response) => {
    const target = request.url ?? '';
    forwarded.push({ method: request.method ?? 'GET', target });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      response.writeHead(400).end('absolute URI expected');
      return;
    }
    const port = portOf(`${url.hostname}:${url.port || '80'}`);
    if (port === undefined) {
      response.writeHead(502).end('unknown host');
      return;
    }
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end('upstream failed'));
    request.pipe(upstream);
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    forwarded.push({ method: 'CONNECT', target });
    const port = portOf(target);
    if (port === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
