import type { WatchReportBody, WatchReportResponse } from '@fovea/contract';
import { BadRequestError, NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { HistoryRepository } from '../repositories/history.repository';
import type { SceneStatusService } from './scene-status.service';
import { writeSessionEnd } from './watch-history-write';

export interface ReportedWatchOptions {
  /** A playing session with no report for this long is over: the player reports progress every 15 s (45 s). */
  silentAfterMs?: number;
  /** A pause longer than this ends the session (5 min). */
  pausedAfterMs?: number;
  /** How often the timer looks for sessions that are over (5 s). */
  checkEveryMs?: number;
  /** Open sessions kept at most; a new one beyond ends the one reported longest ago (32). */
  maxSessions?: number;
  now?: () => Date;
}

interface Session {
  id: string;
  sceneId: number;
  fileId: number;
  historyId: number;
  /** The clip's length in seconds, which the played time never passes (Infinity while unknown). */
  clipSeconds: number;
  /** Seconds actually played so far. */
  played: number;
  /** While playing: since when (wall clock, ms) and from which position (s). */
  playing: { at: number; position: number } | null;
  lastReport: number;
}

const NO_SESSION: WatchReportResponse = { active: false, history_id: 0, played: 0 };

/**
 * Watch sessions the web player reports (issue 20 item 5): a session starts with `play` (a `histories` row and
 * the scene's `last_opened`), its duration is the time actually played, the sum of the intervals between a
 * play and the next pause, seek, progress or end report, each the smaller of the wall time and the distance
 * the position moved (so stalls and jumps add nothing), and never more than the clip's length. `end`, a pause
 * longer than `pausedAfterMs`, or silence while playing end it: the row gets its end and duration, the scene
 * is marked watched and its watch time refreshed. The player streams with `dnt=true`, so the byte-range
 * inference (WatchSessionService) does not record the same viewing again; players that report nothing keep it.
 */
export class ReportedWatchService {
  private readonly sessions = new Map<string, Session>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly silentAfterMs: number;
  private readonly pausedAfterMs: number;
  private readonly checkEveryMs: number;
  private readonly maxSessions: number;
  private readonly now: () => Date;

  constructor(
    private readonly history: HistoryRepository,
    private readonly sceneStatus: SceneStatusService,
    private readonly logger: Logger,
    options: ReportedWatchOptions = {},
  ) {
    this.silentAfterMs = options.silentAfterMs ?? 45_000;
    this.pausedAfterMs = options.pausedAfterMs ?? 5 * 60_000;
    this.checkEveryMs = options.checkEveryMs ?? 5_000;
    this.maxSessions = options.maxSessions ?? 32;
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flushIdle().catch(() => undefined), this.checkEveryMs);
    this.timer.unref();
  }

  /** Stops the timer and ends every open session (at shutdown, before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.serial(async () => {
      for (const session of [...this.sessions.values()]) await this.end(session, null);
    });
  }

  /** One event of the web player for scene `sceneId`; 404 for an unknown scene, 400 for a file not its video. */
  report(sceneId: number, body: WatchReportBody): Promise<WatchReportResponse> {
    return this.serial(async () => {
      const video = await this.checkVideo(sceneId, body.file_id);
      const at = this.now().getTime();
      let session = this.sessions.get(body.session_id);
      if (session && (session.sceneId !== sceneId || session.fileId !== body.file_id)) {
        await this.end(session, null);
        session = undefined;
      }
      const starts = body.event === 'play' || body.event === 'progress';
      if (!session && !starts) return NO_SESSION;
      if (!session) session = await this.begin(sceneId, body, video.duration, at);
      if (session.clipSeconds === Number.POSITIVE_INFINITY && (body.duration ?? 0) > 0) {
        session.clipSeconds = body.duration ?? Number.POSITIVE_INFINITY;
      }
      session.lastReport = at;
      switch (body.event) {
        case 'play':
        case 'progress':
          this.closeInterval(session, body.position, at);
          session.playing = { at, position: body.position };
          break;
        case 'seek':
          if (session.playing) {
            this.closeInterval(session, body.from, at);
            session.playing = { at, position: body.position };
          }
          break;
        case 'pause':
          this.closeInterval(session, body.position, at);
          await this.save(session, at, false);
          break;
        case 'end':
          this.closeInterval(session, body.position, at);
          await this.end(session, at);
          return { active: false, history_id: session.historyId, played: session.played };
      }
      return { active: true, history_id: session.historyId, played: session.played };
    });
  }

  /** Ends the sessions that are over at `at` (the timer's check; tests pass a time). */
  async flushIdle(at: Date = this.now()): Promise<void> {
    const time = at.getTime();
    await this.serial(async () => {
      for (const session of [...this.sessions.values()]) {
        const quiet = time - session.lastReport;
        if (quiet >= (session.playing ? this.silentAfterMs : this.pausedAfterMs))
          await this.end(session, null);
      }
    });
  }

  private async checkVideo(sceneId: number, fileId: number): Promise<{ duration: number }> {
    const video = await this.history.sceneVideo(sceneId, fileId);
    if (video) return video;
    if (!(await this.history.sceneExists(sceneId))) throw new NotFoundError(`There is no scene ${sceneId}`);
    const message = `File ${fileId} is not a video file of scene ${sceneId}`;
    throw new BadRequestError(message, [{ path: ['body', 'file_id'], message }]);
  }

  private async begin(
    sceneId: number,
    body: WatchReportBody,
    fileSeconds: number,
    at: number,
  ): Promise<Session> {
    if (this.sessions.size >= this.maxSessions) {
      const oldest = [...this.sessions.values()].sort((a, b) => a.lastReport - b.lastReport)[0];
      if (oldest) await this.end(oldest, null);
    }
    const startedAt = new Date(at).toISOString();
    const historyId = await this.history.transaction((tx) => tx.history.start(sceneId, startedAt));
    const known = fileSeconds > 0 ? fileSeconds : (body.duration ?? 0);
    const session: Session = {
      id: body.session_id,
      sceneId,
      fileId: body.file_id,
      historyId,
      clipSeconds: known > 0 ? known : Number.POSITIVE_INFINITY,
      played: 0,
      playing: null,
      lastReport: at,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * Adds the interval playing since the last report: the wall time, or less when the position moved less
   * (a stall, a slower rate); `position` undefined when it is not known (a seek without `from`).
   */
  private closeInterval(session: Session, position: number | undefined, at: number): void {
    const playing = session.playing;
    session.playing = null;
    if (!playing) return;
    const wall = Math.max(0, (at - playing.at) / 1000);
    const moved = position === undefined ? wall : Math.max(0, position - playing.position);
    session.played = Math.min(session.clipSeconds, session.played + Math.min(wall, moved));
  }

  /**
   * Ends a session at `at`, or, when it went quiet (`at` null), at its last report; time since then is not
   * counted as played.
   */
  private async end(session: Session, at: number | null): Promise<void> {
    this.sessions.delete(session.id);
    session.playing = null;
    await this.save(session, at ?? session.lastReport, true);
  }

  /** Writes the row's end and duration (and at the end marks the scene watched) with the scene's watch time. */
  private async save(session: Session, at: number, final: boolean): Promise<void> {
    const endText = new Date(at).toISOString();
    const seconds = Math.round(session.played * 1000) / 1000;
    await writeSessionEnd(this.history, this.sceneStatus, {
      historyId: session.historyId,
      sceneId: session.sceneId,
      endText,
      seconds,
      final,
    });
  }

  /** Reports run one after another; a failed history write is logged and thrown to its caller. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch((error: unknown) => {
      if (!(error instanceof NotFoundError || error instanceof BadRequestError)) {
        this.logger.error({ err: error }, 'a reported watch session could not be recorded');
      }
    });
    return next;
  }
}
