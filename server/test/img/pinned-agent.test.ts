import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenAddressError, OutgoingAddressGuard } from '../../src/http/outgoing-address';
import { pinnedAgent } from '../../src/http/pinned-agent';

let server: Server;
let port: number;
const seen: { host: string | undefined; url: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ host: request.headers.host, url: request.url });
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('pinnedAgent', () => {
  it('connects to the address the guard answered and keeps the name in the Host header', async () => {
    // pin.test exists in no DNS: only the guard's answer can take the connection to the local server.
    const guard = new OutgoingAddressGuard({
      allowLan: () => false,
      trustedHosts: { 'pin.test': '127.0.0.1' },
    });
    const dispatcher = pinnedAgent(guard);
    const response = await fetch(`http://pin.test:${port}/a?b=1`, { dispatcher });
    expect(await response.text()).toBe('ok');
    expect(seen.at(-1)).toEqual({ host: `pin.test:${port}`, url: '/a?b=1' });
    await dispatcher.close();
  });

  it('resolves a name once, through the guard, and refuses it before any connection', async () => {
    const lookups: string[] = [];
    const guard = new OutgoingAddressGuard({
      allowLan: () => true,
      resolve: async (host) => {
        lookups.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const dispatcher = pinnedAgent(guard);
    const before = seen.length;
    const failure = await fetch(`http://rebind.test:${port}/`, { dispatcher }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).cause).toBeInstanceOf(ForbiddenAddressError);
    expect(lookups).toEqual(['rebind.test']);
    expect(seen.length).toBe(before);
    await dispatcher.close();
  });
});
