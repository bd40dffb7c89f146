import type { WatchEvent, WatchReportBody } from '@fovea/contract';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** While playing, a progress report this often, so a tab closed without a word ends its session. */
export const WATCH_PROGRESS_EVERY_MS = 15_000;

/** A session id from the browser's random source (randomUUID needs https; LAN addresses are plain http). */
export function newWatchSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const seconds = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * Reports the web player's play, pause, seek, progress and end of `fileId` to the server, which records the
 * watch session (the stream itself is untracked, dnt). Leaving the page or the file ends the session.
 * `version` re-subscribes when the parent swaps the video element.
 */
export function useWatchReports(
  videoRef: RefObject<HTMLVideoElement | null>,
  fileId: number | null,
  report: (body: WatchReportBody) => void,
  version: unknown,
): void {
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || fileId === null) return undefined;
    const sessionId = newWatchSessionId();
    let active = false;
    let lastPosition = 0;
    let lastProgress = 0;
    const send = (event: WatchEvent, extra: Partial<WatchReportBody> = {}) => {
      const duration = seconds(video.duration);
      reportRef.current({
        session_id: sessionId,
        file_id: fileId,
        event,
        position: seconds(video.currentTime),
        ...(duration > 0 ? { duration } : {}),
        ...extra,
      });
    };
    const onPlay = () => {
      active = true;
      lastPosition = seconds(video.currentTime);
      lastProgress = Date.now();
      send('play');
    };
    const onPause = () => {
      if (active && !video.ended) send('pause');
    };
    const onSeeking = () => {
      if (active) send('seek', { from: lastPosition });
      lastPosition = seconds(video.currentTime);
    };
    const onTimeUpdate = () => {
      if (video.seeking) return;
      lastPosition = seconds(video.currentTime);
      if (active && !video.paused && Date.now() - lastProgress >= WATCH_PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        send('progress');
      }
    };
    const finish = () => {
      if (!active) return;
      active = false;
      send('end', { position: lastPosition });
    };
    const onEnded = () => {
      lastPosition = seconds(video.currentTime);
      finish();
    };
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['seeking', onSeeking],
      ['timeupdate', onTimeUpdate],
      ['ended', onEnded],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    window.addEventListener('pagehide', finish);
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
      window.removeEventListener('pagehide', finish);
      finish();
    };
  }, [videoRef, fileId, version]);
}
