import type { Database } from '../../db/schema';
import type { Logger } from '../../logging/logger';
import type { EventBus } from '../../realtime/event-bus';
import { FileStreamRepository } from '../../repositories/file-stream.repository';
import { HistoryRepository } from '../../repositories/history.repository';
import type { OptionsService } from '../../services/options.service';
import type { SceneStatusService } from '../../services/scene-status.service';
import { WatchSessionService } from '../../services/watch-session.service';
import type { DeovrRemoteClientOptions } from './deovr-remote.client';
import { DeovrRemoteService, REMOTE_SESSION_DEAD_MS, type RemoteHosts } from './deovr-remote.service';

export interface DeovrRemoteFactoryDeps {
  db: Database;
  hosts: RemoteHosts;
  options: OptionsService;
  events: EventBus;
  sceneStatus: SceneStatusService;
  logger: Logger;
  client?: DeovrRemoteClientOptions;
  /** Remote sessions end after this long without a playing frame (5 s; tests shorten it). */
  sessionDeadMs?: number;
}

/**
 * The DeoVR remote with its own watch sessions (dead after 5 s, checked every second), apart from the 60 s
 * sessions of streamed files. Call `start()` to follow the options and `stop()` before the database closes.
 */
export function createDeovrRemote(deps: DeovrRemoteFactoryDeps): DeovrRemoteService {
  const deadMs = deps.sessionDeadMs ?? REMOTE_SESSION_DEAD_MS;
  const sessions = new WatchSessionService(new HistoryRepository(deps.db), deps.sceneStatus, deps.logger, {
    deadAfterMs: deadMs,
    checkEveryMs: Math.max(50, Math.min(1000, Math.floor(deadMs / 5))),
  });
  return new DeovrRemoteService({
    hosts: deps.hosts,
    files: new FileStreamRepository(deps.db),
    sessions,
    options: deps.options,
    events: deps.events,
    logger: deps.logger,
    sessionDeadMs: deadMs,
    ...(deps.client ? { client: deps.client } : {}),
  });
}
