import { LOCK_NAMES } from '@fovea/contract';
import type { LockName } from '@fovea/contract';
import { LOCK_PULSE_MIN_MS, createInitialRealtimeState, realtimeReducer } from './realtime-state';
import type { RealtimeAction, RealtimeEvent, RealtimeState, SocketState } from './realtime-state';

export type RealtimeEventListener = (event: RealtimeEvent) => void;

/** A small external store for useSyncExternalStore; holds the live state pushed over /ws/. */
export interface RealtimeStore {
  getState(): RealtimeState;
  subscribe(listener: () => void): () => void;
  dispatch(action: RealtimeAction): void;
  /** Feeds a received event in (stamped with the current time). */
  receive(event: RealtimeEvent): void;
  setSocketState(state: SocketState): void;
  /** Listens to every received event, after the state has been updated. */
  onEvent(listener: RealtimeEventListener): () => void;
  /** Cancels pending timers. */
  dispose(): void;
}

export function createRealtimeStore(initial: RealtimeState = createInitialRealtimeState()): RealtimeStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<RealtimeEventListener>();
  const pulseTimers = new Map<LockName, ReturnType<typeof setTimeout>>();

  // A released lock keeps pulsing until LOCK_PULSE_MIN_MS after it was taken; end it then.
  const schedulePulseEnds = () => {
    for (const name of LOCK_NAMES) {
      const lock = state.locks[name];
      const waiting = !lock.held && lock.pulsing && lock.since !== null;
      const timer = pulseTimers.get(name);
      if (!waiting) {
        if (timer !== undefined) {
          clearTimeout(timer);
          pulseTimers.delete(name);
        }
        continue;
      }
      if (timer !== undefined || lock.since === null) continue;
      const delay = Math.max(0, lock.since + LOCK_PULSE_MIN_MS - Date.now());
      pulseTimers.set(
        name,
        setTimeout(() => {
          pulseTimers.delete(name);
          store.dispatch({ type: 'lockPulseEnd', name, at: Date.now() });
        }, delay),
      );
    }
  };

  const store: RealtimeStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const next = realtimeReducer(state, action);
      if (next === state) return;
      state = next;
      schedulePulseEnds();
      for (const listener of [...listeners]) listener();
    },
    receive(event) {
      store.dispatch({ type: 'event', event, at: Date.now() });
      for (const listener of [...eventListeners]) listener(event);
    },
    setSocketState(socket) {
      store.dispatch({ type: 'socket', state: socket });
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    dispose() {
      for (const timer of pulseTimers.values()) clearTimeout(timer);
      pulseTimers.clear();
      listeners.clear();
      eventListeners.clear();
    },
  };
  return store;
}
