import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { Wampy } from 'wampy';
import { WebSocket } from 'ws';
import type { ClientOptions } from 'ws';
import { EventBus } from '../../src/realtime/event-bus';
import { registerRealtimeRoutes } from '../../src/realtime/realtime.routes';
import { WampBroker } from '../../src/realtime/wamp-broker';
import type { WampBrokerOptions } from '../../src/realtime/wamp-broker';

export type WampyOptions = ConstructorParameters<typeof Wampy>[1];
export type WampyEvent = Parameters<Parameters<Wampy['subscribe']>[1]>[0];

export interface RealtimeServer {
  app: FastifyInstance;
  broker: WampBroker;
  bus: EventBus;
  /** ws://127.0.0.1:<port>/ws/ */
  url: string;
  warnings: string[];
  close(): Promise<void>;
}

/**
 * A real Fastify on 127.0.0.1:0 serving the broker at /ws/. Like the app's log relay, every warning the broker
 * logs is also published as service.log.
 */
export async function startRealtimeServer(options: WampBrokerOptions = {}): Promise<RealtimeServer> {
  const warnings: string[] = [];
  let relay: ((message: string) => void) | null = null;
  const logger = {
    warn: (_obj: object, msg: string) => {
      warnings.push(msg);
      relay?.(msg);
    },
  };
  const broker = new WampBroker({ logger, ...options });
  const bus = new EventBus(broker, logger);
  relay = (message) =>
    bus.publish('service.log', { level: 'warning', message, data: {}, timestamp: new Date().toISOString() });
  const app = Fastify({ logger: false });
  await registerRealtimeRoutes(app, broker);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    app,
    broker,
    bus,
    url: `ws://127.0.0.1:${address.port}/ws/`,
    warnings,
    close: () => app.close(),
  };
}

/** A wampy client built the way the web UI builds it, with the `ws` package as transport. */
export function createWampy(url: string, options: Partial<WampyOptions> = {}): Wampy {
  return new Wampy(url, {
    realm: 'default',
    ws: WebSocket as unknown as WampyOptions['ws'],
    autoReconnect: false,
    ...options,
  });
}

export async function connectWampy(url: string, options: Partial<WampyOptions> = {}): Promise<Wampy> {
  const client = createWampy(url, options);
  await client.connect();
  return client;
}

/** Collects EVENT callbacks of a wampy subscription. */
export function eventCollector(): {
  onEvent: (event: WampyEvent) => void;
  events: WampyEvent[];
  next(timeoutMs?: number): Promise<WampyEvent>;
} {
  const events: WampyEvent[] = [];
  const waiters: ((event: WampyEvent) => void)[] = [];
  let read = 0;
  return {
    events,
    onEvent: (event) => {
      events.push(event);
      waiters.shift()?.(event);
    },
    next: (timeoutMs = 2000) => {
      const ready = events[read];
      if (ready) {
        read += 1;
        return Promise.resolve(ready);
      }
      return withTimeout(
        new Promise<WampyEvent>((resolve) =>
          waiters.push((event) => {
            read += 1;
            resolve(event);
          }),
        ),
        timeoutMs,
        'event',
      );
    },
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RawClient {
  ws: WebSocket;
  /** The next JSON frame received from the broker. */
  next(timeoutMs?: number): Promise<unknown[]>;
  send(frame: unknown): void;
  /** HELLO for realm default; resolves with the WELCOME frame. */
  hello(): Promise<unknown[]>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A bare `ws` client speaking hand-written frames. */
export async function openRaw(
  url: string,
  protocols: string[] = ['wamp.2.json'],
  options: ClientOptions = {},
): Promise<RawClient> {
  const ws = new WebSocket(url, protocols, options);
  const frames: unknown[][] = [];
  const waiters: ((frame: unknown[]) => void)[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as unknown[];
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: RawClient = {
    ws,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (timeoutMs = 2000) => {
      const ready = frames.shift();
      if (ready) return Promise.resolve(ready);
      return withTimeout(new Promise<unknown[]>((resolve) => waiters.push(resolve)), timeoutMs, 'frame');
    },
    hello: async () => {
      client.send([1, 'default', { roles: { subscriber: {}, publisher: {} } }]);
      return client.next();
    },
  };
  return client;
}
