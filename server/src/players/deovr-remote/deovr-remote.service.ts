import type { DeovrOptions, Options, RemoteState } from '@fovea/contract';
import type { Logger } from '../../logging/logger';
import type { EventBus } from '../../realtime/event-bus';
import type { FileLocation } from '../../repositories/file-stream.repository';
import type { OptionsService } from '../../services/options.service';
import type { WatchSessionService } from '../../services/watch-session.service';
import { DEOVR_PLAYING, fileIdFromPath, type DeovrStatus } from './deovr-frames';
import { DeovrRemoteClient, type DeovrRemoteClientOptions } from './deovr-remote.client';

/** A remote session is over after this long without a playing frame (xbvr-facts §8.6: 5 s). */
export const REMOTE_SESSION_DEAD_MS = 5000;

/** What the remote needs to know about the players' hosts (PlayerHosts satisfies it). */
export interface RemoteHosts {
  lastPlayerHost(): string | null;
  onChange(listener: (host: string) => void): () => void;
}

export interface DeovrRemoteDeps {
  hosts: RemoteHosts;
  /** Finds the file (and its scene) a played path names; FileStreamRepository satisfies it. */
  files: { locate(fileId: number): Promise<FileLocation | undefined> };
  /**
   * Watch sessions of the remote, apart from those of streamed files: a WatchSessionService built with
   * `deadAfterMs` = REMOTE_SESSION_DEAD_MS. The service starts and stops it with the client.
   */
  sessions: WatchSessionService;
  options: OptionsService;
  events: EventBus;
  logger: Logger;
  client?: DeovrRemoteClientOptions;
  /** Must match the sessions' `deadAfterMs` (tests shorten both). */
  sessionDeadMs?: number;
  now?: () => number;
}

interface PlayedFile {
  path: string;
  fileId: number | null;
  sceneId: number | null;
}

/** The remote control runs only while DeoVR is on, watch time is tracked and remote mode is chosen. */
export function remoteWanted(deovr: DeovrOptions): boolean {
  return deovr.enabled && deovr.track_watch_time && deovr.remote_enabled;
}

/**
 * DeoVR remote mode (xbvr-facts §8.6, xbvr-wire §13.2): while wanted, keeps a connection to the last DeoVR
 * host, publishes `remote.state` for every status packet (and `{connected: false}` for every second without a
 * connection), maps the played `/api/dms/file/<id>/...` URL to its file and scene, and records watch history:
 * playing frames of a matched video keep a session of its scene, which ends 5 s after the last one (or when
 * another scene plays). Junk frames are logged at debug level and skipped.
 */
export class DeovrRemoteService {
  private readonly client: DeovrRemoteClient;
  private readonly deadMs: number;
  private readonly now: () => number;
  private unsubscribe: (() => void)[] = [];
  /** Frames are handled one after another (file lookups are async). */
  private chain: Promise<void> = Promise.resolve();
  private played: PlayedFile | null = null;
  private session: { sceneId: number; start: number; last: number } | null = null;
  /** Switching on and off runs in order, so a quick off/on never leaves two loops. */
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly deps: DeovrRemoteDeps) {
    this.deadMs = deps.sessionDeadMs ?? REMOTE_SESSION_DEAD_MS;
    this.now = deps.now ?? Date.now;
    this.client = new DeovrRemoteClient(
      {
        host: () => deps.hosts.lastPlayerHost(),
        connected: (host) => this.enqueue(async () => this.publish({ connected: true, deovrHost: host })),
        status: (status, host) => this.enqueue(() => this.onStatus(status, host)),
        junk: (reason, host) => this.deps.logger.debug({ host, reason }, 'DeoVR remote: junk frame skipped'),
        disconnected: () => this.enqueue(async () => this.onDisconnected()),
      },
      deps.client,
    );
  }

  get isRunning(): boolean {
    return this.client.isRunning;
  }

  /** Follows the options (and the player host) from now on. */
  start(): Promise<void> {
    this.unsubscribe.push(this.deps.options.onChange((options) => void this.apply(options)));
    this.unsubscribe.push(this.deps.hosts.onChange((host) => this.client.hostChanged(host)));
    return this.apply(this.deps.options.get());
  }

  /** Stops following the options, closes the connection and ends the open session. */
  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    await this.switchTo(false);
  }

  /** Resolves once every frame received so far has been handled (tests). */
  idle(): Promise<void> {
    return this.chain;
  }

  private apply(options: Options): Promise<void> {
    return this.switchTo(remoteWanted(options.interfaces.deovr));
  }

  private switchTo(on: boolean): Promise<void> {
    const run = async (): Promise<void> => {
      if (on && !this.client.isRunning) {
        this.deps.sessions.start();
        this.client.start();
        this.deps.logger.info('DeoVR remote control started');
      } else if (!on && this.client.isRunning) {
        await this.client.stop();
        await this.chain;
        await this.deps.sessions.stop();
        this.played = null;
        this.session = null;
        this.publish({ connected: false });
        this.deps.logger.info('DeoVR remote control stopped');
      }
    };
    this.switching = this.switching.then(run, run);
    return this.switching;
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, 'DeoVR remote: a status packet could not be handled');
    });
  }

  private onDisconnected(): void {
    this.played = null;
    this.publish({ connected: false });
  }

  private async onStatus(status: DeovrStatus, host: string): Promise<void> {
    const played = await this.lookUp(status.path);
    const at = this.now();
    const playing = status.playerState === DEOVR_PLAYING;
    if (playing && played?.sceneId != null) {
      const release = await this.deps.sessions.touch(played.sceneId);
      release();
      const current = this.session;
      if (!current || current.sceneId !== played.sceneId || at - current.last >= this.deadMs) {
        this.session = { sceneId: played.sceneId, start: at, last: at };
      } else {
        current.last = at;
      }
    }
    const state: RemoteState = {
      connected: true,
      deovrHost: host,
      isPlaying: playing,
      currentPosition: status.currentTime ?? 0,
    };
    const session = this.session;
    if (session && session.sceneId === played?.sceneId && at - session.last < this.deadMs) {
      state.sessionStart = new Date(session.start).toISOString();
      state.sessionEnd = new Date(session.last).toISOString();
    }
    if (played?.fileId != null) state.currentFileID = played.fileId;
    if (played?.sceneId != null) state.currentSceneID = played.sceneId;
    this.publish(state);
  }

  /** The file and scene of a played path; the last answer is kept, as DeoVR repeats it every second. */
  private async lookUp(path: string | undefined): Promise<PlayedFile | null> {
    if (!path) return null;
    if (this.played?.path === path) return this.played;
    const fileId = fileIdFromPath(path);
    const row = fileId === null ? undefined : await this.deps.files.locate(fileId);
    this.played = {
      path,
      fileId: row ? row.id : null,
      sceneId: row && row.type === 'video' && row.scene_id ? row.scene_id : null,
    };
    return this.played;
  }

  private publish(state: RemoteState): void {
    this.deps.events.publish('remote.state', state);
  }
}
