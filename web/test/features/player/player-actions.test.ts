import { describe, expect, it } from 'vitest';
import { fakeMedia } from './player-fixtures';
import {
  changeVolume,
  fileStreamUrl,
  seekBy,
  seekTo,
  skipBy,
  togglePlay,
} from '../../../src/features/player/player-actions';

describe('player actions', () => {
  it('streams files with dnt=true: the server infers no watch session from them', () => {
    expect(fileStreamUrl(12)).toBe('/api/dms/file/12?dnt=true');
  });

  it('seeks 5 s, clamped at 0 and at the end', () => {
    const video = fakeMedia();
    seekBy(video, 5);
    expect(video.currentTime).toBe(15);
    seekBy(video, 5);
    seekBy(video, 5);
    expect(video.currentTime).toBe(20);
    const start = fakeMedia({ currentTime: 3 });
    seekBy(start);
    seekBy(start, -5);
    expect(start.currentTime).toBe(3);
    seekTo(start, -4);
    expect(start.currentTime).toBe(0);
    const unknownEnd = fakeMedia({ duration: Number.NaN });
    seekTo(unknownEnd, 500);
    expect(unknownEnd.currentTime).toBe(500);
  });

  it('skips a playing video paused, then resumes it; a paused video stays paused', () => {
    const playing = fakeMedia({ currentTime: 10, paused: false });
    skipBy(playing, 30);
    expect(playing.log).toEqual(['pause', 'seek 20', 'play']);
    expect(playing.paused).toBe(false);
    skipBy(playing, -300);
    expect(playing.currentTime).toBe(0);
    expect(playing.log.slice(3)).toEqual(['pause', 'seek 0', 'play']);

    const paused = fakeMedia({ currentTime: 10, paused: true });
    skipBy(paused, -5);
    expect(paused.log).toEqual(['seek 5']);
    expect(paused.paused).toBe(true);
  });

  it('changes the volume in steps of 0.1 within 0..1', () => {
    const video = fakeMedia({ volume: 0.95, muted: true });
    changeVolume(video, 0.1);
    expect(video.volume).toBe(1);
    expect(video.muted).toBe(false);
    const quiet = fakeMedia({ volume: 0.05 });
    changeVolume(quiet, -0.1);
    expect(quiet.volume).toBe(0);
    const mid = fakeMedia({ volume: 0.3 });
    changeVolume(mid, -0.1);
    expect(mid.volume).toBe(0.2);
    changeVolume(mid);
    changeVolume(mid);
    expect(mid.volume).toBe(0.4);
  });

  it('plays a paused video and pauses a playing one', () => {
    const paused = fakeMedia({ paused: true });
    togglePlay(paused);
    expect(paused.play).toHaveBeenCalled();
    const playing = fakeMedia();
    togglePlay(playing);
    expect(playing.pause).toHaveBeenCalled();
  });
});
