import type { Logger } from '../logging/logger';
import type { HistoryRepository } from '../repositories/history.repository';
import type { SceneStatusService } from './scene-status.service';
import { writeSessionEnd } from './watch-history-write';

export interface WatchSessionOptions {
  /** A session without activity for this long is over (60 s, as XBVR's file sessions). */
  deadAfterMs?: number;
  /** How often the timer looks for a dead session (2 s). */
  checkEveryMs?: number;
  now?: () => Date;
}

/** Called when the stream a `touch` was for has closed. */
export type ReleaseStream = () => void;

interface Session {
  historyId: number;
  sceneId: number;
  start: number;
  lastActivity: number;
  /** Responses of this scene still sending: the session is alive while any is open. */
  openStreams: number;
}

/**
 * Watch sessions (xbvr-facts §8.6), one at a time as players play one scene at a time. Serving a file of a
 * matched scene starts a `histories` row (and sets the scene's `last_opened`) when the scene differs from the
 * current session's, and otherwise only refreshes the session's last activity in memory: players send many
 * range requests and each must not become a row. A session is over when a different scene starts, or once no
 * response of it is open and its last activity is `deadAfterMs` old; ending it writes `time_end` and
 * `duration`, marks the scene watched and refreshes its status (watch time) in one transaction.
 */
export class WatchSessionService {
  private current: Session | null = null;
  /** Session changes run one after another, so concurrent range requests start one session. */
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly deadAfterMs: number;
  private readonly checkEveryMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly history: HistoryRepository,
    private readonly sceneStatus: SceneStatusService,
    private readonly logger: Logger,
    options: WatchSessionOptions = {},
  ) {
    this.deadAfterMs = options.deadAfterMs ?? 60_000;
    this.checkEveryMs = options.checkEveryMs ?? 2_000;
    this.now = options.now ?? (() => new Date());
  }

  /** A scene is being played (a session is open). */
  get watching(): boolean {
    return this.current !== null;
  }

  /** Starts the timer that ends dead sessions. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flushIdle(), this.checkEveryMs);
    this.timer.unref();
  }

  /** Stops the timer and ends the open session (at shutdown, before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.serial(() => this.endCurrent());
  }

  /**
   * Activity on a scene: a response of one of its files is starting. Call the answer when that response has
   * ended (at once for answers without a body). Never throws: a failed history write is logged, and the file
   * is served anyway.
   */
  async touch(sceneId: number): Promise<ReleaseStream> {
    const session = await this.serial(async () => {
      const at = this.now().getTime();
      if (this.current && (this.current.sceneId !== sceneId || this.isDead(this.current, at))) {
        await this.endCurrent();
      }
      if (!this.current) {
        const startedAt = new Date(at).toISOString();
        const historyId = await this.history.transaction((tx) => tx.history.start(sceneId, startedAt));
        this.current = { historyId, sceneId, start: at, lastActivity: at, openStreams: 0 };
      }
      this.current.lastActivity = at;
      this.current.openStreams += 1;
      return this.current;
    });
    let released = false;
    return () => {
      if (released || !session) return;
      released = true;
      session.openStreams -= 1;
      session.lastActivity = Math.max(session.lastActivity, this.now().getTime());
    };
  }

  /** Ends the current session if it is dead at `at` (the timer's check; tests pass a time). */
  async flushIdle(at: Date = this.now()): Promise<void> {
    await this.serial(async () => {
      if (this.current && this.isDead(this.current, at.getTime())) await this.endCurrent();
    });
  }

  private isDead(session: Session, at: number): boolean {
    return session.openStreams <= 0 && at - session.lastActivity >= this.deadAfterMs;
  }

  private async endCurrent(): Promise<void> {
    const session = this.current;
    if (!session) return;
    this.current = null;
    // A session ended while a response still streams (a new scene, shutdown) lasted until now.
    const end =
      session.openStreams > 0 ? Math.max(this.now().getTime(), session.lastActivity) : session.lastActivity;
    const endText = new Date(end).toISOString();
    const seconds = Math.max(0, (end - session.start) / 1000);
    await writeSessionEnd(this.history, this.sceneStatus, {
      historyId: session.historyId,
      sceneId: session.sceneId,
      endText,
      seconds,
      final: true,
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T | undefined> {
    const next = this.chain.then(work).catch((error: unknown) => {
      this.logger.error({ err: error }, 'a watch session could not be recorded');
      return undefined;
    });
    this.chain = next;
    return next;
  }
}
