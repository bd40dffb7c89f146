import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_PULSE_MIN_MS } from '../../../src/app/realtime/realtime-state';
import { createRealtimeStore } from '../../../src/app/realtime/realtime-store';

describe('realtime store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a briefly held lock pulsing for the minimum time', () => {
    const store = createRealtimeStore();
    const listener = vi.fn();
    store.subscribe(listener);

    store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: true } });
    vi.advanceTimersByTime(100);
    store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: false } });
    expect(store.getState().locks.rescan).toMatchObject({ held: false, pulsing: true });

    vi.advanceTimersByTime(LOCK_PULSE_MIN_MS - 101);
    expect(store.getState().locks.rescan.pulsing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().locks.rescan.pulsing).toBe(false);
    expect(listener).toHaveBeenCalledTimes(3);
    store.dispose();
  });

  it('keeps pulsing when the lock is taken again before the minimum ends', () => {
    const store = createRealtimeStore();
    store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } });
    store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: false } });
    vi.advanceTimersByTime(500);
    store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } });
    vi.advanceTimersByTime(LOCK_PULSE_MIN_MS * 3);
    expect(store.getState().locks.scrape).toMatchObject({ held: true, pulsing: true });
    store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: false } });
    expect(store.getState().locks.scrape.pulsing).toBe(false);
    store.dispose();
  });

  it('tells event listeners about every event after updating the state', () => {
    const store = createRealtimeStore();
    const seen: string[] = [];
    const stop = store.onEvent((event) => seen.push(`${event.topic}:${store.getState().seq}`));
    store.receive({ topic: 'state.change.optionsStorage', payload: {} });
    stop();
    store.receive({ topic: 'state.change.optionsStorage', payload: {} });
    expect(seen).toEqual(['state.change.optionsStorage:1']);
  });

  it('cancels pending pulse timers on dispose', () => {
    const store = createRealtimeStore();
    store.receive({ topic: 'lock.change', payload: { name: 'index', locked: true } });
    store.receive({ topic: 'lock.change', payload: { name: 'index', locked: false } });
    store.dispose();
    vi.advanceTimersByTime(LOCK_PULSE_MIN_MS);
    expect(store.getState().locks.index.pulsing).toBe(true);
  });
});
