import { WAMP_REALM, WS_PATH, WS_TOPICS, WsTopics } from '@fovea/contract';
import type { WsTopic } from '@fovea/contract';
import type { Wampy } from 'wampy';
import type { RealtimeEvent } from './realtime-state';
import type { RealtimeStore } from './realtime-store';

/** Delay before wampy retries a lost session, and bounds of our own retries when a connect fails. */
export const RECONNECT_INTERVAL_MS = 2_000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Checks an event's kwargs against the contract; null (and a console warning) when they do not fit. */
export function parseRealtimeEvent(topic: WsTopic, kwargs: unknown): RealtimeEvent | null {
  const raw = kwargs ?? {};
  const fail = (issues: unknown): null => {
    console.warn(`Ignoring malformed ${topic} event`, issues);
    return null;
  };
  switch (topic) {
    case 'service.log': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
    case 'lock.change': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
    case 'state.change.optionsStorage': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
    case 'options.previews.previewReady': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
    case 'remote.state': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
    case 'job.progress': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
    case 'data.transfer': {
      const r = WsTopics[topic].safeParse(raw);
      return r.success ? { topic, payload: r.data } : fail(r.error.issues);
    }
  }
}

export interface RealtimeConnection {
  close(): void;
}

/** The part of wampy the connection uses; tests pass a fake. */
export interface WampClient {
  connect(): Promise<unknown>;
  disconnect(): Promise<unknown>;
  subscribe(topic: string, onEvent: (data: { argsDict?: Record<string, unknown> }) => void): Promise<unknown>;
}

export interface WampCallbacks {
  onClose: () => void;
  onReconnect: () => void;
  onReconnectSuccess: () => void;
  onError: (error: Error) => void;
  /** Called whenever the underlying websocket closes, including before wampy's own reconnect attempts. */
  onSocketClosed: () => void;
}

export type WampFactory = (callbacks: WampCallbacks) => WampClient;

/** wampy on /ws/ (wampy turns the path into ws(s)://host/ws/), realm "default". */
function newWampy(WampyClass: typeof Wampy, callbacks: WampCallbacks): WampClient {
  const NativeWebSocket = globalThis.WebSocket;
  class TrackedWebSocket extends NativeWebSocket {
    constructor(url: string, protocols?: string[]) {
      super(url, protocols);
      this.addEventListener('close', () => callbacks.onSocketClosed());
    }
  }
  return new WampyClass(WS_PATH, {
    realm: WAMP_REALM,
    autoReconnect: true,
    reconnectInterval: RECONNECT_INTERVAL_MS,
    maxRetries: 0,
    ws: TrackedWebSocket,
    onClose: callbacks.onClose,
    onReconnect: callbacks.onReconnect,
    onReconnectSuccess: callbacks.onReconnectSuccess,
    onError: callbacks.onError,
  });
}

/**
 * The real client. wampy itself loads with the first connect, as a chunk of its own: the first screen draws
 * without it (issue 20's cold first page).
 */
export const createWampyClient: WampFactory = (callbacks) => {
  let loaded: Promise<WampClient> | undefined;
  const wamp = () =>
    (loaded ??= import('wampy').then(({ Wampy: WampyClass }) => newWampy(WampyClass, callbacks)));
  return {
    connect: () => wamp().then((client) => client.connect()),
    disconnect: () =>
      loaded === undefined ? Promise.resolve() : loaded.then((client) => client.disconnect()),
    subscribe: (topic, onEvent) => wamp().then((client) => client.subscribe(topic, onEvent)),
  };
};

/**
 * Connects the store to the server's WAMP broker and subscribes to every topic of the contract. State:
 * connecting until WELCOME, connected, disconnected when the socket closes (connecting again while retrying).
 * wampy re-establishes a lost session by itself; when a connect fails outright, this retries with back-off.
 */
export function connectRealtime(
  store: RealtimeStore,
  factory: WampFactory = createWampyClient,
): RealtimeConnection {
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RECONNECT_INTERVAL_MS;
  let client: WampClient | null = null;

  const setState = (state: 'connecting' | 'connected' | 'disconnected') => {
    if (!closed) store.setSocketState(state);
  };

  const scheduleRetry = () => {
    if (closed || retryTimer !== undefined) return;
    setState('disconnected');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      start();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY_MS);
  };

  const subscribeAll = (wamp: WampClient) => {
    for (const topic of WS_TOPICS) {
      wamp
        .subscribe(topic, (data) => {
          if (closed) return;
          const event = parseRealtimeEvent(topic, data.argsDict);
          if (event) store.receive(event);
        })
        .catch((error: unknown) => console.warn(`Could not subscribe to ${topic}`, error));
    }
  };

  const start = () => {
    if (closed) return;
    setState('connecting');
    const previous = client;
    if (previous) void previous.disconnect().catch(() => undefined);
    const wamp: WampClient = factory({
      onClose: () => {
        if (client === wamp) scheduleRetry();
      },
      onReconnect: () => {
        if (client === wamp) setState('connecting');
      },
      onReconnectSuccess: () => {
        if (client !== wamp) return;
        retryDelay = RECONNECT_INTERVAL_MS;
        setState('connected');
      },
      onError: () => {},
      onSocketClosed: () => {
        if (client === wamp) setState('disconnected');
      },
    });
    client = wamp;
    wamp.connect().then(
      () => {
        if (closed || client !== wamp) return;
        retryDelay = RECONNECT_INTERVAL_MS;
        setState('connected');
        subscribeAll(wamp);
      },
      () => {
        if (client === wamp) scheduleRetry();
      },
    );
  };

  start();

  return {
    close() {
      closed = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      retryTimer = undefined;
      const wamp = client;
      client = null;
      if (wamp) void wamp.disconnect().catch(() => undefined);
    },
  };
}
