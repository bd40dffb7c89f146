import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** What the controls show of a <video>. */
export interface MediaState {
  paused: boolean;
  time: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  volume: number;
  muted: boolean;
  /** True once the video has played (the VR view then hides the poster). */
  started: boolean;
}

const INITIAL: MediaState = { paused: true, time: 0, duration: 0, volume: 1, muted: false, started: false };

const EVENTS = [
  'play',
  'playing',
  'pause',
  'timeupdate',
  'seeked',
  'durationchange',
  'loadedmetadata',
  'volumechange',
  'emptied',
] as const;

/** Follows the video's events; `version` re-subscribes when the parent swaps the element (another file). */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>, version: unknown): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const update = (event?: Event) =>
      setState((previous) => ({
        paused: video.paused,
        time: video.currentTime,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
        volume: video.volume,
        muted: video.muted,
        started: event?.type === 'emptied' ? false : previous.started || event?.type === 'playing',
      }));
    update();
    for (const name of EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef, version]);

  return state;
}
