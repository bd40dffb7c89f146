import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReleaseServer {
  url: string;
  hits: number;
  /** What the next requests get: a tag, an HTTP status, or a delay before answering. */
  respond: { tag?: string; status?: number; delayMs?: number; body?: string };
  close(): Promise<void>;
}

/** A local stand-in for GitHub's /releases/latest, answering `{ tag_name }` like the real API. */
export async function startReleaseServer(tag: string): Promise<ReleaseServer> {
  const state: ReleaseServer = {
    url: '',
    hits: 0,
    respond: { tag },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    state.hits++;
    const { tag: current, status = 200, delayMs = 0, body } = state.respond;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body ?? JSON.stringify({ tag_name: current, name: `Release ${current}`, draft: false }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repos/fovea/fovea/releases/latest`;
  return state;
}
