import { PLAYER_SEEK_STEP_SECONDS, PLAYER_VOLUME_STEP } from '@fovea/contract';

/**
 * The stream the browser plays for a file, with `dnt=true` (as the reference's web UI): the server does not
 * infer a watch session from its byte ranges. The scene details player reports its sessions instead.
 */
export function fileStreamUrl(fileId: number): string {
  return `/api/dms/file/${fileId}?dnt=true`;
}

/** The parts of a media element the player keys change (an HTMLVideoElement in the app). */
export interface PlayableMedia {
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Sets the play position, clamped at 0 and at the end (when the duration is known). */
export function seekTo(media: PlayableMedia, seconds: number): void {
  const end = Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY;
  media.currentTime = clamp(seconds, 0, end);
}

/** Moves the play position by `seconds` (5 s per arrow key), clamped at 0 and at the end. */
export function seekBy(media: PlayableMedia, seconds: number = PLAYER_SEEK_STEP_SECONDS): void {
  seekTo(media, media.currentTime + seconds);
}

/**
 * A skip button: pauses a playing video, moves by `seconds` (clamped at 0 and the end), then resumes it; a
 * paused video stays paused.
 */
export function skipBy(media: PlayableMedia, seconds: number): void {
  const wasPlaying = !media.paused;
  if (wasPlaying) media.pause();
  seekBy(media, seconds);
  if (wasPlaying) void media.play().catch(() => undefined);
}

/** Changes the volume by `step` (0.1 per arrow key), within 0..1, rounded to the step; unmutes on a raise. */
export function changeVolume(media: PlayableMedia, step: number = PLAYER_VOLUME_STEP): void {
  media.volume = clamp(Math.round((media.volume + step) * 10) / 10, 0, 1);
  if (step > 0) media.muted = false;
}

/** Space: plays a paused video (a refused autoplay is ignored) or pauses a playing one. */
export function togglePlay(media: PlayableMedia): void {
  if (media.paused) void media.play().catch(() => undefined);
  else media.pause();
}

/** Plays (a refused autoplay is ignored). */
export function play(media: PlayableMedia): void {
  void media.play().catch(() => undefined);
}
