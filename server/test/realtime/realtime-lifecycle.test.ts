import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Wampy } from 'wampy';
import { registerRealtimeRoutes } from '../../src/realtime/realtime.routes';
import { WampBroker } from '../../src/realtime/wamp-broker';
import { connectWampy, eventCollector, openRaw, startRealtimeServer } from './realtime-harness';
import type { RealtimeServer } from './realtime-harness';

const servers: RealtimeServer[] = [];

async function start(...args: Parameters<typeof startRealtimeServer>): Promise<RealtimeServer> {
  const server = await startRealtimeServer(...args);
  servers.push(server);
  return server;
}

function closeTracker(): { onClose: () => void; closed: Promise<void> } {
  let onClose = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    onClose = resolve;
  });
  return { onClose: () => onClose(), closed };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('broker lifecycle', () => {
  it('terminates a client that stops answering pings and keeps the healthy one', async () => {
    const server = await start({ heartbeatIntervalMs: 40 });
    const healthy = await openRaw(server.url);
    await healthy.hello();
    const silent = await openRaw(server.url, ['wamp.2.json'], { autoPong: false });
    await silent.hello();
    expect(server.broker.sessionCount).toBe(2);

    expect((await silent.closed).code).toBe(1006);
    expect(server.broker.sessionCount).toBe(1);
    healthy.send([32, 1, {}, 'lock.change']);
    expect(await healthy.next()).toEqual([33, 1, expect.any(Number)]);
    healthy.ws.terminate();
  });

  it('aborts a connection that never says HELLO', async () => {
    const server = await start({ helloTimeoutMs: 30 });
    const client = await openRaw(server.url);
    expect(await client.next()).toEqual([3, expect.any(Object), 'wamp.error.protocol_violation']);
    await client.closed;
  });

  it('terminates a client that stops reading once its backlog passes maxBufferedAmount', async () => {
    const server = await start({ maxBufferedAmount: 64 * 1024 });
    const reader = await openRaw(server.url);
    await reader.hello();
    reader.send([32, 1, {}, 'service.log']);
    await reader.next();
    const stalled = await openRaw(server.url);
    await stalled.hello();
    stalled.send([32, 1, {}, 'service.log']);
    await stalled.next();
    stalled.ws.pause();

    const line = { level: 'debug', message: 'x'.repeat(60_000), data: {}, timestamp: 'now' } as const;
    for (let i = 0; i < 2000 && server.broker.subscriberCount('service.log') === 2; i += 1) {
      server.bus.publish('service.log', line);
      if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.broker.subscriberCount('service.log')).toBe(1);
    expect(server.warnings).toContain('realtime client is not reading; connection terminated');
    reader.ws.terminate();
    stalled.ws.terminate();
  });

  it('says GOODBYE system_shutdown on app.close(); wampy then closes without reconnecting', async () => {
    const server = await start();
    let reconnects = 0;
    const tracker = closeTracker();
    const wampy = await connectWampy(server.url, {
      autoReconnect: true,
      reconnectInterval: 10,
      onReconnect: () => {
        reconnects += 1;
      },
      onClose: tracker.onClose,
    });
    const raw = await openRaw(server.url);
    await raw.hello();

    await server.close();
    expect(await raw.next()).toEqual([6, {}, 'wamp.close.system_shutdown']);
    expect((await raw.closed).code).toBe(1001);
    await tracker.closed;
    expect(wampy.getSessionId()).toBeFalsy();
    expect(reconnects).toBe(0);
    expect(server.broker.sessionCount).toBe(0);
  });

  it('close({ goodbye: false }) closes with 1001 only, so wampy reconnects', async () => {
    const server = await start();
    let reconnect: () => void = () => undefined;
    const reconnecting = new Promise<void>((resolve) => {
      reconnect = resolve;
    });
    const tracker = closeTracker();
    const wampy: Wampy = await connectWampy(server.url, {
      autoReconnect: true,
      reconnectInterval: 10,
      maxRetries: 1,
      onReconnect: () => reconnect(),
      onClose: tracker.onClose,
    });
    const events = eventCollector();
    await wampy.subscribe('lock.change', events.onEvent);
    await server.broker.close({ goodbye: false });
    await reconnecting;
    // The closed broker refuses the retry, and wampy gives up after maxRetries.
    await tracker.closed;
    expect(server.broker.publish('lock.change', { name: 'index', locked: true })).toBe(0);
  });

  it('serves /ws/ and /ws when the app ignores trailing slashes', async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await registerRealtimeRoutes(app, new WampBroker());
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      for (const path of ['/ws/', '/ws']) {
        const client = await openRaw(`ws://127.0.0.1:${port}${path}`);
        expect((await client.hello())[0]).toBe(2);
        client.ws.terminate();
      }
    } finally {
      await app.close();
    }
  });
});
