import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Wampy } from 'wampy';
import { WebSocket } from 'ws';
import { connectWampy, eventCollector, openRaw, startRealtimeServer } from './realtime-harness';
import type { RawClient, RealtimeServer } from './realtime-harness';

let server: RealtimeServer;
let watcher: Wampy;
const watcherEvents = eventCollector();
const raws: RawClient[] = [];

async function raw(protocols?: string[], path = '/ws/'): Promise<RawClient> {
  const client = await openRaw(server.url.replace('/ws/', path), protocols);
  raws.push(client);
  return client;
}

/** The wampy watcher still receives server events, i.e. the broker survived. */
async function expectWatcherStillServed(): Promise<void> {
  server.bus.publish('lock.change', { name: 'scrape', locked: false });
  expect((await watcherEvents.next()).argsDict).toEqual({ name: 'scrape', locked: false });
}

beforeAll(async () => {
  server = await startRealtimeServer();
  watcher = await connectWampy(server.url);
  await watcher.subscribe('lock.change', watcherEvents.onEvent);
});

afterEach(async () => {
  for (const client of raws.splice(0)) client.ws.terminate();
  // Only the wampy watcher is left once the server has seen the terminated sockets close.
  await expect.poll(() => server.broker.sessionCount).toBe(1);
});

afterAll(async () => {
  await watcher.disconnect();
  await server.close();
});

describe('malformed input closes only the offending client', () => {
  it.each([
    ['not JSON', '{oops'],
    ['not an array', '{"type":32}'],
    ['unknown type code', '[999,1]'],
    ['wrong arity', '[32,1,{}]'],
    ['wrong element type', '[32,"1",{},"lock.change"]'],
    ['router-only message', '[36,1,2,{}]'],
  ])('%s', async (_name, text) => {
    const client = await raw();
    const [, sessionId] = await client.hello();
    expect(typeof sessionId).toBe('number');
    expect(server.broker.sessionCount).toBe(2);
    client.send([32, 1, {}, 'lock.change']);
    await client.next();
    expect(server.broker.subscriberCount('lock.change')).toBe(2);

    client.send(text);
    const abort = await client.next();
    expect(abort).toEqual([3, { message: expect.any(String) }, 'wamp.error.protocol_violation']);
    expect((await client.closed).code).toBe(1002);
    expect(server.broker.sessionCount).toBe(1);
    expect(server.broker.subscriberCount('lock.change')).toBe(1);
    await expectWatcherStillServed();
  });

  it('treats a binary frame as a protocol violation', async () => {
    const client = await raw();
    await client.hello();
    client.ws.send(Buffer.from(JSON.stringify([32, 1, {}, 'lock.change'])), { binary: true });
    expect(await client.next()).toEqual([3, expect.any(Object), 'wamp.error.protocol_violation']);
    expect((await client.closed).code).toBe(1003);
    await expectWatcherStillServed();
  });

  it('aborts a message sent before HELLO', async () => {
    const client = await raw();
    client.send([32, 1, {}, 'lock.change']);
    expect(await client.next()).toEqual([3, expect.any(Object), 'wamp.error.protocol_violation']);
    expect((await client.closed).code).toBe(1002);
    expect(server.broker.subscriberCount('lock.change')).toBe(1);
  });

  it('aborts a second HELLO', async () => {
    const client = await raw();
    await client.hello();
    client.send([1, 'default', {}]);
    expect(await client.next()).toEqual([3, expect.any(Object), 'wamp.error.protocol_violation']);
    await client.closed;
    expect(server.broker.sessionCount).toBe(1);
  });

  it('closes a frame larger than maxPayload with 1009', async () => {
    const client = await raw();
    await client.hello();
    client.send([16, 1, {}, 'lock.change', ['x'.repeat(server.broker.maxPayload)]]);
    expect((await client.closed).code).toBe(1009);
    await expectWatcherStillServed();
  });
});

describe('handshake', () => {
  it('welcomes with the broker role and a random session id', async () => {
    const client = await raw(['wamp.2.msgpack', 'wamp.2.json']);
    expect(client.ws.protocol).toBe('wamp.2.json');
    const welcome = await client.hello();
    expect(welcome).toEqual([
      2,
      expect.any(Number),
      { roles: { broker: { features: { publisher_exclusion: true } } } },
    ]);
  });

  it('serves /ws without the trailing slash too', async () => {
    const client = await raw(undefined, '/ws');
    expect((await client.hello())[0]).toBe(2);
  });

  it('closes a connection that offers no subprotocol with 1002', async () => {
    const client = await raw([]);
    const closed = await client.closed;
    expect(closed.code).toBe(1002);
    expect(closed.reason).toContain('wamp.2.json');
  });

  it('selects no subprotocol when wamp.2.json is not offered, so the client fails the handshake', async () => {
    const ws = new WebSocket(server.url, ['wamp.2.msgpack']);
    const error = await new Promise<Error>((resolve) => ws.once('error', resolve));
    expect(error.message).toMatch(/subprotocol/i);
    ws.terminate();
  });

  it('aborts an unknown realm and answers GOODBYE with goodbye_and_out', async () => {
    const stranger = await raw();
    stranger.send([1, 'elsewhere', {}]);
    expect(await stranger.next()).toEqual([3, expect.any(Object), 'wamp.error.no_such_realm']);
    await stranger.closed;

    const client = await raw();
    await client.hello();
    client.send([6, {}, 'wamp.close.close_realm']);
    expect(await client.next()).toEqual([6, {}, 'wamp.close.goodbye_and_out']);
    expect((await client.closed).code).toBe(1000);
  });
});

describe('requests', () => {
  it('answers SUBSCRIBE / UNSUBSCRIBE / PUBLISH / dealer messages', async () => {
    const client = await raw();
    await client.hello();
    client.send([32, 1, {}, 'bad topic']);
    expect(await client.next()).toEqual([8, 32, 1, {}, 'wamp.error.invalid_uri']);
    client.send([32, 2, { match: 'wildcard' }, 'a..b']);
    expect(await client.next()).toEqual([8, 32, 2, {}, 'wamp.error.invalid_argument']);
    client.send([34, 3, 12345]);
    expect(await client.next()).toEqual([8, 34, 3, {}, 'wamp.error.no_such_subscription']);
    client.send([48, 4, {}, 'com.example.add', [1, 2]]);
    expect(await client.next()).toEqual([8, 48, 4, {}, 'wamp.error.no_such_procedure']);
    client.send([64, 5, {}, 'com.example.add']);
    expect(await client.next()).toEqual([8, 64, 5, {}, 'wamp.error.not_authorized']);
    client.send([66, 6, 77]);
    expect(await client.next()).toEqual([8, 66, 6, {}, 'wamp.error.no_such_registration']);
    client.send([16, 7, { acknowledge: true }, 'bad topic']);
    expect(await client.next()).toEqual([8, 16, 7, {}, 'wamp.error.invalid_uri']);
    // Ignored: CANCEL, YIELD, ERROR for unknown requests, and an unacknowledged invalid PUBLISH.
    client.send([49, 4, {}]);
    client.send([70, 9, {}]);
    client.send([8, 68, 9, {}, 'app.error']);
    client.send([16, 8, {}, 'bad topic']);
    client.send([32, 10, { match: 'exact' }, 'state.change.optionsStorage']);
    const subscribed = await client.next();
    expect(subscribed).toEqual([33, 10, expect.any(Number)]);
    client.send([34, 11, subscribed[2]]);
    expect(await client.next()).toEqual([35, 11]);
  });

  it('publishes args and kwargs, honours exclude_me false, and acknowledges only on request', async () => {
    const client = await raw();
    await client.hello();
    client.send([32, 1, {}, 'fovea.echo']);
    const [, , subscriptionId] = await client.next();
    client.send([16, 2, { exclude_me: false, acknowledge: true }, 'fovea.echo', [1], { k: 'v' }]);
    const event = await client.next();
    expect(event).toEqual([36, subscriptionId, expect.any(Number), {}, [1], { k: 'v' }]);
    expect(await client.next()).toEqual([17, 2, event[2]]);
    client.send([16, 3, { exclude_me: false }, 'fovea.echo']);
    expect(await client.next()).toEqual([36, subscriptionId, expect.any(Number), {}]);
    client.send([16, 4, {}, 'fovea.echo', ['own']]);
    client.send([32, 5, {}, 'fovea.other']);
    // Neither PUBLISHED (no acknowledge) nor its own EVENT (excluded by default) came before SUBSCRIBED.
    expect(await client.next()).toEqual([33, 5, expect.any(Number)]);
  });
});
