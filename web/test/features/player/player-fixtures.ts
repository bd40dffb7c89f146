import { vi } from 'vitest';
import type { PlayableMedia } from '../../../src/features/player/player-actions';

/** A media element that records the order of pause, seek and play. */
export function fakeMedia(overrides: Partial<PlayableMedia> = {}): PlayableMedia & { log: string[] } {
  const log: string[] = [];
  let time = overrides.currentTime ?? 10;
  let paused = overrides.paused ?? false;
  return {
    duration: 20,
    volume: 0.5,
    muted: false,
    ...overrides,
    log,
    get currentTime() {
      return time;
    },
    set currentTime(value: number) {
      log.push(`seek ${value}`);
      time = value;
    },
    get paused() {
      return paused;
    },
    set paused(value: boolean) {
      paused = value;
    },
    play: vi.fn(() => {
      log.push('play');
      paused = false;
      return Promise.resolve();
    }),
    pause: vi.fn(() => {
      log.push('pause');
      paused = true;
    }),
  };
}

export interface VideoStub {
  currentTime: number;
  duration: number;
  paused: boolean;
  volume: number;
}

/**
 * Gives a jsdom <video> (which cannot play) a position, duration, volume and working play/pause that fire
 * the media events the controls listen to. Returns the log of pause / seek / play calls.
 */
export function stubVideo(video: HTMLVideoElement, initial: Partial<VideoStub> = {}): string[] {
  const state: VideoStub = { currentTime: 0, duration: 60, paused: true, volume: 1, ...initial };
  const log: string[] = [];
  const fire = (type: string) => video.dispatchEvent(new Event(type));
  Object.defineProperties(video, {
    currentTime: {
      configurable: true,
      get: () => state.currentTime,
      set: (value: number) => {
        log.push(`seek ${value}`);
        state.currentTime = value;
        fire('timeupdate');
      },
    },
    duration: { configurable: true, get: () => state.duration },
    paused: { configurable: true, get: () => state.paused },
    volume: {
      configurable: true,
      get: () => state.volume,
      set: (value: number) => {
        state.volume = value;
        fire('volumechange');
      },
    },
    play: {
      configurable: true,
      value: () => {
        log.push('play');
        state.paused = false;
        fire('play');
        fire('playing');
        return Promise.resolve();
      },
    },
    pause: {
      configurable: true,
      value: () => {
        log.push('pause');
        state.paused = true;
        fire('pause');
      },
    },
  });
  fire('durationchange');
  return log;
}
