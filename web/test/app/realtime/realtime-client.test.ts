import { WS_TOPICS } from '@fovea/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RECONNECT_INTERVAL_MS,
  connectRealtime,
  parseRealtimeEvent,
} from '../../../src/app/realtime/realtime-client';
import type { WampCallbacks, WampClient } from '../../../src/app/realtime/realtime-client';
import { createRealtimeStore } from '../../../src/app/realtime/realtime-store';

type EventCallback = (data: { argsDict?: Record<string, unknown> }) => void;

class FakeWamp implements WampClient {
  readonly subscriptions = new Map<string, EventCallback>();
  connectResult: Promise<unknown>;
  resolveConnect: () => void = () => {};
  rejectConnect: (error: Error) => void = () => {};
  disconnected = false;

  constructor(readonly callbacks: WampCallbacks) {
    this.connectResult = new Promise((resolve, reject) => {
      this.resolveConnect = () => resolve({});
      this.rejectConnect = reject;
    });
  }

  connect() {
    return this.connectResult;
  }
  async disconnect() {
    this.disconnected = true;
    return true;
  }
  async subscribe(topic: string, onEvent: EventCallback) {
    this.subscriptions.set(topic, onEvent);
    return {};
  }
  emit(topic: string, argsDict?: Record<string, unknown>) {
    this.subscriptions.get(topic)?.(argsDict === undefined ? {} : { argsDict });
  }
}

describe('realtime connection', () => {
  let clients: FakeWamp[];
  const factory = (callbacks: WampCallbacks) => {
    const client = new FakeWamp(callbacks);
    clients.push(client);
    return client;
  };
  const last = () => {
    const client = clients.at(-1);
    if (!client) throw new Error('no client');
    return client;
  };

  beforeEach(() => {
    clients = [];
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('is connecting until WELCOME, then subscribes to every topic', async () => {
    const store = createRealtimeStore();
    const connection = connectRealtime(store, factory);
    expect(store.getState().socket).toBe('connecting');
    last().resolveConnect();
    await vi.waitFor(() => expect(store.getState().socket).toBe('connected'));
    expect([...last().subscriptions.keys()].sort()).toEqual([...WS_TOPICS].sort());

    last().emit('service.log', {
      level: 'info',
      message: 'Scanning',
      data: { task: 'rescan' },
      timestamp: 't',
    });
    last().emit('lock.change', { name: 'scrape', locked: true });
    last().emit('state.change.optionsStorage');
    last().emit('lock.change', { name: 'nonsense', locked: 'yes' });
    expect(store.getState().lastTaskMessage.rescan?.value.message).toBe('Scanning');
    expect(store.getState().locks.scrape.held).toBe(true);
    expect(store.getState().seq).toBe(3);

    connection.close();
    expect(last().disconnected).toBe(true);
  });

  it('shows disconnected when the socket closes and connecting while wampy reconnects', async () => {
    const store = createRealtimeStore();
    connectRealtime(store, factory);
    last().resolveConnect();
    await vi.waitFor(() => expect(store.getState().socket).toBe('connected'));
    last().callbacks.onSocketClosed();
    expect(store.getState().socket).toBe('disconnected');
    last().callbacks.onReconnect();
    expect(store.getState().socket).toBe('connecting');
    last().callbacks.onReconnectSuccess();
    expect(store.getState().socket).toBe('connected');
  });

  it('retries with a new client when the first connect fails', async () => {
    const store = createRealtimeStore();
    const connection = connectRealtime(store, factory);
    last().rejectConnect(new Error('refused'));
    await vi.waitFor(() => expect(store.getState().socket).toBe('disconnected'));
    expect(clients).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_INTERVAL_MS);
    expect(clients).toHaveLength(2);
    expect(store.getState().socket).toBe('connecting');
    last().resolveConnect();
    await vi.waitFor(() => expect(store.getState().socket).toBe('connected'));
    connection.close();
  });

  it('stops touching the store once closed', async () => {
    const store = createRealtimeStore();
    const connection = connectRealtime(store, factory);
    connection.close();
    last().callbacks.onSocketClosed();
    last().rejectConnect(new Error('closed'));
    vi.advanceTimersByTime(RECONNECT_INTERVAL_MS * 10);
    expect(clients).toHaveLength(1);
    expect(store.getState().socket).toBe('connecting');
  });
});

describe('parseRealtimeEvent', () => {
  it('accepts contract payloads and rejects malformed ones', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRealtimeEvent('lock.change', { name: 'rescan', locked: false })).toEqual({
      topic: 'lock.change',
      payload: { name: 'rescan', locked: false },
    });
    expect(parseRealtimeEvent('state.change.optionsStorage', undefined)?.topic).toBe(
      'state.change.optionsStorage',
    );
    expect(parseRealtimeEvent('service.log', { message: 'no level' })).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });
});
