import {
  PLAYER_DEFAULT_SKIP_SECONDS,
  PLAYER_SKIP_BACK_SECONDS,
  PLAYER_SKIP_FORWARD_SECONDS,
} from '@fovea/contract';
import { useSyncExternalStore } from 'react';
import { skipBy } from './player-actions';
import type { PlayableMedia } from './player-actions';

/** The skip buttons, in seconds: -300 … -5 then 5 … 300. */
export const SKIP_STEPS: readonly number[] = [...PLAYER_SKIP_BACK_SECONDS, ...PLAYER_SKIP_FORWARD_SECONDS];

type Listener = () => void;

/**
 * The last skip interval (seconds, always positive), shared by every player of the page so it survives a
 * change of scene or file: the Left/Right keys of scene details skip back/forward by it. Default 5 s.
 */
export interface SkipMemory {
  get(): number;
  /** Remembers the size of a skip (the sign only says which way it went). */
  remember(seconds: number): void;
  reset(): void;
  subscribe(listener: Listener): () => void;
}

export function createSkipMemory(initial: number = PLAYER_DEFAULT_SKIP_SECONDS): SkipMemory {
  let interval = initial;
  const listeners = new Set<Listener>();
  const set = (next: number) => {
    if (next === interval) return;
    interval = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => interval,
    remember: (seconds) => {
      if (Number.isFinite(seconds) && seconds !== 0) set(Math.abs(seconds));
    },
    reset: () => set(initial),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const skipMemory = createSkipMemory();

/** The remembered skip interval, re-rendering when it changes. */
export function useSkipInterval(memory: SkipMemory = skipMemory): number {
  return useSyncExternalStore(memory.subscribe, memory.get);
}

/** A skip button press: skips by `seconds` (pausing and resuming, clamped) and remembers the interval. */
export function skipAndRemember(
  media: PlayableMedia,
  seconds: number,
  memory: SkipMemory = skipMemory,
): void {
  skipBy(media, seconds);
  memory.remember(seconds);
}

/** Left/Right in scene details: a skip by the remembered interval, back (-1) or forward (+1). */
export function skipByRemembered(
  media: PlayableMedia,
  direction: -1 | 1,
  memory: SkipMemory = skipMemory,
): void {
  skipBy(media, direction * memory.get());
}
