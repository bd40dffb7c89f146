import { describe, expect, it } from 'vitest';
import {
  SKIP_STEPS,
  createSkipMemory,
  skipAndRemember,
  skipByRemembered,
} from '../../../src/features/player/skip-memory';
import { fakeMedia } from './player-fixtures';

describe('skip memory', () => {
  it('offers -300 … -5 and 5 … 300 seconds', () => {
    expect(SKIP_STEPS).toEqual([-300, -120, -60, -30, -10, -5, 5, 10, 30, 60, 120, 300]);
  });

  it('starts at 5 s and remembers the size of the last skip, whichever way it went', () => {
    const memory = createSkipMemory();
    expect(memory.get()).toBe(5);
    const video = fakeMedia({ currentTime: 100, duration: 600, paused: false });
    skipAndRemember(video, -60, memory);
    expect(video.currentTime).toBe(40);
    expect(memory.get()).toBe(60);
    expect(video.log).toEqual(['pause', 'seek 40', 'play']);

    // Left/Right then skip by it, back and forward, still pausing and resuming.
    skipByRemembered(video, 1, memory);
    expect(video.currentTime).toBe(100);
    skipByRemembered(video, -1, memory);
    skipByRemembered(video, -1, memory);
    expect(video.currentTime).toBe(0);
    expect(video.paused).toBe(false);
    skipAndRemember(video, 300, memory);
    expect(video.currentTime).toBe(300);
    expect(memory.get()).toBe(300);
    skipByRemembered(video, 1, memory);
    expect(video.currentTime).toBe(600);
    memory.reset();
    expect(memory.get()).toBe(5);
  });

  it('tells subscribers when the interval changes', () => {
    const memory = createSkipMemory();
    const seen: number[] = [];
    const stop = memory.subscribe(() => seen.push(memory.get()));
    memory.remember(-10);
    memory.remember(10);
    memory.remember(120);
    stop();
    memory.remember(30);
    expect(seen).toEqual([10, 120]);
  });
});
