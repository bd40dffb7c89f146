import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/config';
import { dataPaths, ensureDataPaths, type DataPaths } from './config/data-paths';
import { openDatabase, type OpenedDatabase } from './db/database';
import { resolveDatabaseFile } from './db/database-url';
import { migrateToLatest } from './db/migrator';
import { installErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerWebUi } from './http/static-web';
import { sceneRefreshJob } from './jobs/handlers/scene-refresh.job';
import { JobQueue } from './jobs/job-queue';
import { createLogger, type AppLogger } from './logging/logger';
import { EventBus } from './realtime/event-bus';
import { registerRealtimeRoutes } from './realtime/realtime.routes';
import { WampBroker } from './realtime/wamp-broker';
import { JobRepository } from './repositories/job.repository';
import { KvRepository } from './repositories/kv.repository';
import { LibraryRepository } from './repositories/library.repository';
import { SceneStatusRepository } from './repositories/scene-status.repository';
import { SceneReadRepository } from './repositories/scene-read.repository';
import { SearchIndexRepository } from './repositories/search-index.repository';
import { libraryRoutes } from './routes/api/library.routes';
import { optionsRoutes } from './routes/api/options.routes';
import { taskRoutes } from './routes/api/task.routes';
import { CacheSizeService } from './services/cache-size.service';
import { OptionsStateService } from './services/options-state.service';
import { OptionsService } from './services/options.service';
import { SceneReader } from './services/scene-reader.service';
import { SceneStatusService } from './services/scene-status.service';
import { VersionCheckService } from './services/version-check.service';

export interface FoveaApp {
  http: FastifyInstance;
  config: AppConfig;
  paths: DataPaths;
  database: OpenedDatabase;
  events: EventBus;
  queue: JobQueue;
  options: OptionsService;
  sceneStatus: SceneStatusService;
  logger: AppLogger;
  /** Starts the job queue and listens on the configured host and port. */
  listen(): Promise<string>;
  /** Stops taking requests, lets running work reach a safe point, and closes the database. */
  close(): Promise<void>;
}

/**
 * The composition root: repositories, then services, then routes, all built here and passed down through
 * constructors. Nothing is a global.
 */
export async function createApp(config: AppConfig): Promise<FoveaApp> {
  const paths = dataPaths(config.dataDir);
  ensureDataPaths(paths);
  const appLogger = createLogger({
    logsDir: paths.logs,
    level: config.logLevel,
    toStdout: config.logToStdout,
  });
  const logger = appLogger.logger;

  const database = openDatabase(resolveDatabaseFile(config.databaseUrl, config.dataDir));
  try {
    const migrated = await migrateToLatest({ opened: database, backupDir: paths.backups, logger });
    if (migrated.applied.length > 0) logger.info(migrated, 'database migrated');
  } catch (error) {
    logger.fatal({ err: error }, 'the database could not be migrated; nothing was changed');
    await database.close();
    appLogger.close();
    throw error;
  }
  const { db } = database;

  const broker = new WampBroker({ logger });
  const events = new EventBus(broker);
  appLogger.relay.connect((event) => events.publish('service.log', event));

  const options = new OptionsService(new KvRepository(db), logger);
  await options.load();
  const versionCheck = new VersionCheckService(
    { currentVersion: config.version, updateUrl: config.updateUrl },
    logger,
  );
  const cacheSizes = new CacheSizeService(
    { images: paths.images, previews: paths.previews },
    new SearchIndexRepository(db),
    () => options.get().cache.sizeRefreshHours,
  );
  const sceneStatus = new SceneStatusService(new SceneStatusRepository(db), paths.previews, logger);
  const sceneReader = new SceneReader(new SceneReadRepository(db));
  const queue = new JobQueue({
    jobs: new JobRepository(db),
    events,
    logger,
    definitions: [sceneRefreshJob(sceneStatus)],
    progressTiming: () => ({
      publishEveryMs: 250,
      persistEveryMs: 1000,
      logEveryMs: options.get().advanced.progressTimeInterval * 1000,
    }),
  });

  const http = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Requests are not logged one by one (they would flood service.log); failures are, by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024 * 1024,
  });
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  installErrorHandler(http);
  await registerOpenApi(http, config.version);

  const listenAddress = () => {
    const address = http.server.address();
    return typeof address === 'object' && address !== null
      ? { host: config.host, port: address.port }
      : { host: config.host, port: config.port };
  };
  const optionsState = new OptionsStateService(
    options,
    cacheSizes,
    { dlna: () => ({ running: false, images: [], recentIp: [] }), scrapers: () => [] },
    listenAddress,
  );

  await registerRealtimeRoutes(http, broker);
  await http.register(optionsRoutes({ options, optionsState, versionCheck }));
  await http.register(taskRoutes({ queue }));
  await http.register(libraryRoutes({ library: new LibraryRepository(db) }));
  // Scene domain routes (list, calls, search, tag groups, akas, saved searches, external references).
  await registerWebUi(http, config.webDir);

  let closing: Promise<void> | null = null;
  const app: FoveaApp = {
    http,
    config,
    paths,
    database,
    events,
    queue,
    options,
    sceneStatus,
    logger: appLogger,
    async listen() {
      await queue.start();
      const address = await http.listen({ port: config.port, host: config.host });
      logger.info(
        { address, dataDir: config.dataDir, version: config.version },
        `Fovea listening on ${address}/ui/`,
      );
      return address;
    },
    close() {
      closing ??= (async () => {
        // No GOODBYE: browsers see a plain 1001 close and reconnect by themselves once Fovea is back.
        await broker.close({ goodbye: false });
        await http.close();
        await queue.stop();
        await database.close();
        logger.info('Fovea stopped');
        appLogger.close();
      })();
      return closing;
    },
  };
  return app;
}
