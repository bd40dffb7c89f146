import { describe, expect, it, vi } from 'vitest';
import { changeVolume, seekBy, togglePlay } from '../../../src/features/player/player-actions';
import type { PlayableMedia } from '../../../src/features/player/player-actions';

const media = (overrides: Partial<PlayableMedia> = {}): PlayableMedia => ({
  currentTime: 10,
  duration: 20,
  volume: 0.5,
  muted: false,
  paused: false,
  play: vi.fn(() => Promise.resolve()),
  pause: vi.fn(),
  ...overrides,
});

describe('player keys', () => {
  it('seeks 5 s, clamped at 0 and at the end', () => {
    const video = media();
    seekBy(video, 5);
    expect(video.currentTime).toBe(15);
    seekBy(video, 5);
    seekBy(video, 5);
    expect(video.currentTime).toBe(20);
    const start = media({ currentTime: 3 });
    seekBy(start, -5);
    expect(start.currentTime).toBe(0);
  });

  it('changes the volume in steps of 0.1 within 0..1', () => {
    const video = media({ volume: 0.95, muted: true });
    changeVolume(video, 0.1);
    expect(video.volume).toBe(1);
    expect(video.muted).toBe(false);
    const quiet = media({ volume: 0.05 });
    changeVolume(quiet, -0.1);
    expect(quiet.volume).toBe(0);
    const mid = media({ volume: 0.3 });
    changeVolume(mid, -0.1);
    expect(mid.volume).toBe(0.2);
  });

  it('plays a paused video and pauses a playing one', () => {
    const paused = media({ paused: true });
    togglePlay(paused);
    expect(paused.play).toHaveBeenCalled();
    const playing = media();
    togglePlay(playing);
    expect(playing.pause).toHaveBeenCalled();
  });
});
