import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config/config';
import type { DataPaths } from './config/data-paths';
import type { OpenedDatabase } from './db/database';
import type { DlnaServerService } from './dlna/dlna-server.service';
import type { JobQueue } from './jobs/job-queue';
import type { AppLogger } from './logging/logger';
import type { EventBus } from './realtime/event-bus';
import type { ScanMedia } from './scanner/inspect-files';
import type { OptionsService } from './services/options.service';
import type { SceneListService } from './services/scene-list.service';
import type { SceneStatusService } from './services/scene-status.service';
import type { WatchSessionService } from './services/watch-session.service';

/** What createApp builds: the server, its parts tests and the benchmark reach, and its start and stop. */
export interface FoveaApp {
  http: FastifyInstance;
  config: AppConfig;
  paths: DataPaths;
  database: OpenedDatabase;
  events: EventBus;
  queue: JobQueue;
  options: OptionsService;
  sceneStatus: SceneStatusService;
  /** The scene list (in-process access for the benchmark). */
  sceneList: SceneListService;
  /** Watch sessions of files played through /api/dms/file (tests end them at a chosen time). */
  watchSessions: WatchSessionService;
  /** The DLNA MediaServer (started by listen() when enabled). */
  dlna: DlnaServerService;
  logger: AppLogger;
  /** Starts the job queue and listens on the configured host and port. */
  listen(): Promise<string>;
  /** Stops taking requests, lets running work reach a safe point, and closes the database. */
  close(): Promise<void>;
}

/** What tests hand the composition root instead of the real world (never set by the program itself). */
export interface AppInjections {
  /** Studio hosts answered by local servers: 'vrbangers.com' -> 'http://127.0.0.1:PORT'. */
  scrapeHostMap?: Record<string, string>;
  /**
   * Image proxy host names answered by local servers, taken as public addresses:
   * 'images.test' -> '127.0.0.1' (the proxy refuses loopback otherwise).
   */
  imageHostMap?: Record<string, string>;
  /** The rescan's probe, hash and read steps (a test holds a probe to catch a scan mid-way). */
  scanMedia?: ScanMedia;
}
