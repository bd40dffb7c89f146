import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Wampy } from 'wampy';
import type { RealtimeEvent } from '../../src/realtime/event-bus';
import {
  connectWampy,
  createWampy,
  eventCollector,
  openRaw,
  startRealtimeServer,
  withTimeout,
} from './realtime-harness';
import type { RawClient, RealtimeServer } from './realtime-harness';

let server: RealtimeServer;
const clients: Wampy[] = [];
const raws: RawClient[] = [];

async function client(): Promise<Wampy> {
  const wampy = await connectWampy(server.url);
  clients.push(wampy);
  return wampy;
}

beforeAll(async () => {
  server = await startRealtimeServer();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.disconnect().catch(() => undefined)));
  for (const raw of raws.splice(0)) raw.ws.terminate();
  await expect.poll(() => server.broker.sessionCount).toBe(0);
});

afterAll(async () => {
  await server.close();
});

describe('realtime broker with the wampy client', () => {
  it('welcomes a wampy session and delivers a server-side lock.change as argsDict', async () => {
    const wampy = await client();
    const sessionId = wampy.getSessionId();
    expect(Number.isInteger(sessionId)).toBe(true);
    expect(sessionId).toBeGreaterThanOrEqual(1);
    expect(sessionId).toBeLessThanOrEqual(2 ** 53);
    expect(server.broker.sessionCount).toBe(1);

    const events = eventCollector();
    const result = await wampy.subscribe('lock.change', events.onEvent);
    expect(result.subscriptionId).toBeGreaterThanOrEqual(1);
    expect(server.broker.subscriberCount('lock.change')).toBe(1);

    server.bus.publish('lock.change', { name: 'rescan', locked: true });
    const event = await events.next();
    expect(event.argsDict).toEqual({ name: 'rescan', locked: true });
    expect(event.argsList).toEqual([]);
    expect(event.details).toEqual({});
  });

  it('delivers state.change.optionsStorage with no kwargs element', async () => {
    const wampy = await client();
    const events = eventCollector();
    const { subscriptionId } = await wampy.subscribe('state.change.optionsStorage', events.onEvent);
    const raw = await openRaw(server.url);
    raws.push(raw);
    await raw.hello();
    raw.send([32, 1, {}, 'state.change.optionsStorage']);
    expect(await raw.next()).toEqual([33, 1, subscriptionId]);

    server.bus.publish('state.change.optionsStorage', {});
    const event = await events.next();
    expect(event.argsDict).toBeUndefined();
    expect(event.argsList).toBeUndefined();
    const frame = await raw.next();
    expect(frame).toHaveLength(4);
    expect(frame).toEqual([36, subscriptionId, expect.any(Number), {}]);
  });

  it('shares one subscription id per topic, unsubscribes, and stops delivering', async () => {
    const a = await client();
    const b = await client();
    const eventsA = eventCollector();
    const eventsB = eventCollector();
    const subA = await a.subscribe('service.log', eventsA.onEvent);
    const subB = await b.subscribe('service.log', eventsB.onEvent);
    expect(subA.subscriptionId).toBe(subB.subscriptionId);
    expect(server.broker.subscriberCount('service.log')).toBe(2);

    await a.unsubscribe('service.log');
    expect(server.broker.subscriberCount('service.log')).toBe(1);

    const log = {
      level: 'info',
      message: 'Scanning complete',
      data: { task: 'rescan' },
      timestamp: '2024-05-01 10:11:12 +0000 UTC',
    } as const;
    expect(server.broker.publish('service.log', log)).toBe(1);
    expect((await eventsB.next()).argsDict).toEqual(log);

    await b.unsubscribe(subB.subscriptionId);
    expect(server.broker.subscriberCount('service.log')).toBe(0);
    expect(server.broker.publish('service.log', log)).toBe(0);
    expect(eventsA.events).toHaveLength(0);
  });

  it('acknowledges a client publish and delivers it to the other subscriber only', async () => {
    const publisher = await client();
    const other = await client();
    const ownEvents = eventCollector();
    const otherEvents = eventCollector();
    await publisher.subscribe('fovea.test.topic', ownEvents.onEvent);
    await other.subscribe('fovea.test.topic', otherEvents.onEvent);

    const published = await publisher.publish('fovea.test.topic', { hello: 'world' });
    expect(published.publicationId).toBeGreaterThanOrEqual(1);
    const event = await otherEvents.next();
    expect(event.argsDict).toEqual({ hello: 'world' });
    // The broker sends the publisher's own EVENT (if any) before PUBLISHED, so none means excluded.
    expect(ownEvents.events).toHaveLength(0);
  });

  it('refuses pattern-based subscriptions with wamp.error.invalid_argument', async () => {
    const wampy = await client();
    await expect(wampy.subscribe('lock', () => undefined, { match: 'prefix' })).rejects.toMatchObject({
      errorUri: 'wamp.error.invalid_argument',
    });
  });

  it('aborts a HELLO for another realm with wamp.error.no_such_realm', async () => {
    const errors: unknown[] = [];
    const wampy = createWampy(server.url, { realm: 'other', onError: (err) => void errors.push(err) });
    await expect(wampy.connect()).rejects.toMatchObject({ errorUri: 'wamp.error.no_such_realm' });
    expect(errors).toHaveLength(1);
    expect(server.broker.sessionCount).toBe(0);
  });

  it('answers a wampy GOODBYE and drops the session and its subscriptions', async () => {
    const wampy = createWampy(server.url);
    await wampy.connect();
    await wampy.subscribe('remote.state', () => undefined);
    expect(server.broker.subscriberCount('remote.state')).toBe(1);
    await withTimeout(wampy.disconnect(), 2000, 'disconnect');
    await expect.poll(() => server.broker.sessionCount).toBe(0);
    expect(server.broker.subscriberCount('remote.state')).toBe(0);
  });

  it('lets in-process listeners observe published events', async () => {
    const seen: RealtimeEvent[] = [];
    const off = server.bus.subscribe((event) => seen.push(event));
    server.bus.publish('options.previews.previewReady', { previewFn: 'test3f2a' });
    off();
    server.bus.publish('remote.state', { connected: false });
    expect(seen).toEqual([{ topic: 'options.previews.previewReady', payload: { previewFn: 'test3f2a' } }]);
  });
});
