import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

export interface Captions {
  /** The index of the subtitle track shown, or null when subtitles are off. */
  selected: number | null;
  select: (index: number | null) => void;
  /** VR view only: the text of the cues now active (the page draws it over the canvas); null when none. */
  cue: string | null;
}

/** A cue's text without its tags and entities (<i>, &amp;). */
function plainText(cue: TextTrackCue): string {
  const vtt = cue as Partial<VTTCue>;
  if (typeof vtt.getCueAsHTML === 'function') return vtt.getCueAsHTML().textContent ?? '';
  return (vtt.text ?? '').replace(/<[^>]*>/g, '');
}

function activeText(track: TextTrack): string | null {
  const cues = track.activeCues ? Array.from(track.activeCues) : [];
  const text = cues
    .map(plainText)
    .filter((line) => line.trim() !== '')
    .join('\n');
  return text === '' ? null : text;
}

/**
 * The video's subtitle tracks (its <track> children, in order): at most one on. The flat view lets the
 * browser draw it ("showing"); the VR view hides the video element, so the track runs "hidden" and its active
 * cues come back as `cue` on every cuechange. `version` re-applies when the parent swaps the video element.
 */
export function useCaptions(
  videoRef: RefObject<HTMLVideoElement | null>,
  count: number,
  vr: boolean,
  version: unknown,
): Captions {
  const [selected, select] = useState<number | null>(null);
  const [cue, setCue] = useState<string | null>(null);
  const shown = selected !== null && selected < count ? selected : null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const tracks = Array.from(video.querySelectorAll('track'), (element) => element.track);
    tracks.forEach((track, index) => {
      if (track) track.mode = index === shown ? (vr ? 'hidden' : 'showing') : 'disabled';
    });
    const active = shown === null || !vr ? undefined : tracks[shown];
    if (!active) return undefined;
    const update = () => setCue(activeText(active));
    update();
    active.addEventListener('cuechange', update);
    return () => {
      active.removeEventListener('cuechange', update);
      setCue(null);
    };
  }, [videoRef, shown, vr, count, version]);

  return { selected: shown, select, cue: vr ? cue : null };
}
