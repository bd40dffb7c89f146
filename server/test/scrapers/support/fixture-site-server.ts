import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';

/**
 * One local HTTP server standing in for every studio site a test scrapes. The HTTP layer redirects each site
 * host to a loopback base URL (ScrapeHttp's `hostMap`) but sends the loopback address as Host, so the server
 * tells hosts apart by the local port: it listens on one loopback port per site host and dispatches on
 * (host, path, query). Anything not served answers 404 and is recorded.
 */
export interface FixturePage {
  /** The real URL, e.g. https://vrbangers.com/videos/?page=1 (the scheme is not part of the key). */
  url: string;
  body: string | Buffer;
  contentType: string;
  status?: number;
  headers?: Record<string, string>;
  /** Answer only a request with exactly this body (a POST API whose pages differ by body). */
  requestBody?: string;
  /** Headers the request must carry (name: exact value); without them the answer is 403, recorded as a miss. */
  requireHeaders?: Record<string, string>;
}

function keyOf(url: URL, body?: string): string {
  const key = `${url.host.toLowerCase()}${url.pathname}${url.search}`;
  return body === undefined ? key : `${key}\n${body}`;
}

export class FixtureSiteServer {
  private readonly server: Server;
  private readonly listeners = new Map<string, { net: NetServer; base: string }>();
  private readonly hostByPort = new Map<number, string>();
  private pages = new Map<string, FixturePage>();
  /** Every URL asked for, as the site knows it (https://host/path?query). */
  readonly requests: string[] = [];
  /** URLs asked for that no page answers. */
  readonly misses: string[] = [];

  constructor() {
    this.server = createServer((request, response) => this.answer(request, response));
  }

  /** Serves exactly these pages from now on (earlier ones are forgotten); opens ports for new hosts. */
  async serve(pages: readonly FixturePage[]): Promise<Record<string, string>> {
    this.pages = new Map(pages.map((page) => [keyOf(new URL(page.url), page.requestBody), page]));
    this.requests.length = 0;
    this.misses.length = 0;
    return this.hostMap(pages.map((page) => new URL(page.url).hostname));
  }

  /** host → `http://127.0.0.1:PORT` for these hosts (and every host opened before). */
  async hostMap(hosts: readonly string[]): Promise<Record<string, string>> {
    for (const host of new Set(hosts.map((name) => name.toLowerCase()))) {
      if (!this.listeners.has(host)) await this.open(host);
    }
    return Object.fromEntries([...this.listeners].map(([host, { base }]) => [host, base]));
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.listeners.values()].map(
        ({ net }) => new Promise<void>((resolve) => net.close(() => resolve())),
      ),
    );
    this.server.closeAllConnections();
    this.listeners.clear();
  }

  private async open(host: string): Promise<void> {
    const net = createNetServer((socket) => this.server.emit('connection', socket));
    await new Promise<void>((resolve, reject) => {
      net.once('error', reject);
      net.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = net.address() as AddressInfo;
    this.hostByPort.set(port, host);
    this.listeners.set(host, { net, base: `http://127.0.0.1:${port}` });
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => this.reply(request, Buffer.concat(chunks).toString('utf8'), response));
  }

  private reply(request: IncomingMessage, body: string, response: ServerResponse): void {
    const host = this.hostByPort.get(request.socket.localPort ?? 0) ?? 'unknown';
    const url = new URL(`https://${host}${request.url ?? '/'}`);
    const shown = body === '' ? url.href : `${url.href} ${body}`;
    this.requests.push(shown);
    const page = (body === '' ? undefined : this.pages.get(keyOf(url, body))) ?? this.pages.get(keyOf(url));
    if (!page) {
      this.misses.push(shown);
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`no fixture page for ${shown}`);
      return;
    }
    const wrong = Object.entries(page.requireHeaders ?? {}).filter(
      ([name, value]) => request.headers[name.toLowerCase()] !== value,
    );
    if (wrong.length > 0) {
      this.misses.push(`${shown} (without ${wrong.map(([name, value]) => `${name}: ${value}`).join(', ')})`);
      response.writeHead(403, { 'content-type': 'text/plain' }).end('missing headers');
      return;
    }
    response
      .writeHead(page.status ?? 200, { 'content-type': page.contentType, ...(page.headers ?? {}) })
      .end(page.body);
  }
}
