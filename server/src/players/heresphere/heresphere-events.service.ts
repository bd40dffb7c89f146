import type { HeresphereEvent } from '@fovea/contract';
import type { Logger } from '../../logging/logger';
import type { OptionsService } from '../../services/options.service';
import type { ReleaseStream, WatchSessionService } from '../../services/watch-session.service';

export const HERESPHERE_EVENTS = { open: 0, play: 1, pause: 2, close: 3 } as const;

/** A play without a pause or close is taken as over after this long (a headset that went away). */
const PLAY_LIMIT_MS = 4 * 60 * 60 * 1000;
/** Scenes playing at once that are remembered (a bound; players play one or two). */
const MAX_PLAYING = 32;

interface Playing {
  release: ReleaseStream;
  timer: NodeJS.Timeout;
}

/**
 * HereSphere playback events (the video data's `eventServer`: 0 open, 1 play, 2 pause, 3 close) as watch
 * sessions. A play holds the scene's watch session open as a playing stream does; a pause or close lets it
 * go, so the session ends (history row with its duration, scene watched) when nothing more happens for the
 * session timeout, and a play soon after a pause continues the same session. Only while DeoVR/HereSphere is
 * enabled and watch time tracking is on. Unknown event codes are ignored.
 */
export class HeresphereEventsService {
  private readonly playing = new Map<number, Playing>();

  constructor(
    private readonly sessions: Pick<WatchSessionService, 'touch'>,
    private readonly options: OptionsService,
    private readonly scenes: { sceneExists(id: number): Promise<boolean> },
    private readonly logger: Logger,
  ) {}

  /** Answers whether the event was recorded. */
  async record(sceneId: number, event: HeresphereEvent): Promise<boolean> {
    const { enabled, track_watch_time } = this.options.get().interfaces.deovr;
    if (!enabled || !track_watch_time) return false;
    if (event.event === HERESPHERE_EVENTS.play && !(await this.scenes.sceneExists(sceneId))) return false;
    switch (event.event) {
      case HERESPHERE_EVENTS.play:
        await this.play(sceneId);
        return true;
      case HERESPHERE_EVENTS.pause:
      case HERESPHERE_EVENTS.close:
        return this.stop(sceneId);
      default:
        return false;
    }
  }

  /** Lets every held session go (at shutdown). */
  stopAll(): void {
    for (const sceneId of [...this.playing.keys()]) this.stop(sceneId);
  }

  private async play(sceneId: number): Promise<void> {
    if (this.playing.has(sceneId)) return;
    const release = await this.sessions.touch(sceneId);
    if (this.playing.has(sceneId)) {
      release();
      return;
    }
    if (this.playing.size >= MAX_PLAYING) {
      const oldest = this.playing.keys().next().value;
      if (oldest !== undefined) this.stop(oldest);
    }
    const timer = setTimeout(() => {
      this.logger.info({ sceneId }, 'a HereSphere play without pause or close was ended');
      this.stop(sceneId);
    }, PLAY_LIMIT_MS);
    timer.unref();
    this.playing.set(sceneId, { release, timer });
  }

  private stop(sceneId: number): boolean {
    const entry = this.playing.get(sceneId);
    if (!entry) return false;
    this.playing.delete(sceneId);
    clearTimeout(entry.timer);
    entry.release();
    return true;
  }
}
