/**
 * What the scene details overlay can do with its player (ScenePlayer's ref): read the play position for
 * "current time" of a cuepoint, jump to a cuepoint, pause and play. `skip` moves by the remembered skip
 * interval (the Left/Right keys of scene details); the player itself also takes those keys while visible.
 */
export interface PlayerHandle {
  /** Seconds into the playing file; 0 before a file is loaded. */
  getCurrentTime(): number;
  /** Jumps to `seconds`, clamped at 0 and at the end. */
  seekTo(seconds: number): void;
  pause(): void;
  play(): void;
  /** Skips back (-1) or forward (+1) by the last skip interval, pausing and resuming. */
  skip(direction: -1 | 1): void;
}
