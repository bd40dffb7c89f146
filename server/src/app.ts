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
import { warmUp } from './http/warm-up';
import { sceneRefreshJob } from './jobs/handlers/scene-refresh.job';
import { searchIndexJob } from './jobs/handlers/search-index.job';
import { JobQueue } from './jobs/job-queue';
import { createLogger, type AppLogger } from './logging/logger';
import { EventBus } from './realtime/event-bus';
import { registerRealtimeRoutes } from './realtime/realtime.routes';
import { WampBroker } from './realtime/wamp-broker';
import { DataVersionRepository } from './repositories/data-version.repository';
import { ExtrefRepository } from './repositories/extref.repository';
import { JobRepository } from './repositories/job.repository';
import { KvRepository } from './repositories/kv.repository';
import { LibraryRepository } from './repositories/library.repository';
import { PlaylistRepository } from './repositories/playlist.repository';
import { SceneStatusRepository } from './repositories/scene-status.repository';
import { SceneFiltersRepository } from './repositories/scene-list/scene-filters.repository';
import { SceneListRepository } from './repositories/scene-list/scene-list.repository';
import { SceneReadRepository } from './repositories/scene-read.repository';
import { SceneSetRepository } from './repositories/scene-list/scene-set.repository';
import { SearchIndexRepository } from './repositories/search-index.repository';
import { TagGroupRepository } from './repositories/tag-group.repository';
import { AkaRepository } from './repositories/aka.repository';
import { extrefRoutes } from './routes/api/extref.routes';
import { libraryRoutes } from './routes/api/library.routes';
import { sceneListRoutes } from './routes/api/scene-list.routes';
import { actorListRoutes } from './routes/api/actor-list.routes';
import { ActorListRepository } from './repositories/actor-list/actor-list.repository';
import { ActorListFiltersService } from './services/actor-list-filters.service';
import { ActorListService } from './services/actor-list.service';
import { optionsRoutes } from './routes/api/options.routes';
import { playlistRoutes } from './routes/api/playlist.routes';
import { taskRoutes } from './routes/api/task.routes';
import { searchRoutes } from './routes/api/search.routes';
import { tagGroupRoutes } from './routes/api/tag-group.routes';
import { akaRoutes } from './routes/api/aka.routes';
import { AlternateSourceService } from './services/alternate-source.service';
import { CacheSizeService } from './services/cache-size.service';
import { ExtrefService } from './services/extref.service';
import { OptionsStateService } from './services/options-state.service';
import { OptionsService } from './services/options.service';
import { PlaylistService } from './services/playlist.service';
import { SceneFiltersService } from './services/scene-filters.service';
import { SceneListService } from './services/scene-list.service';
import { SceneReader } from './services/scene-reader.service';
import { SceneMatcher } from './services/scene-matcher';
import { SceneStatusSnapshots } from './services/scene-status-snapshot';
import { SearchService } from './services/search.service';
import { SceneStatusService } from './services/scene-status.service';
import { SceneCreateService } from './services/scene-create.service';
import { SceneCuepointService } from './services/scene-cuepoint.service';
import { SceneEditService } from './services/scene-edit.service';
import { SceneService } from './services/scene.service';
import { SceneWriteRepository } from './repositories/scene-write.repository';
import { sceneCallRoutes } from './routes/api/scene.routes';
import { cuepointOptionsRoutes } from './routes/api/cuepoint-options.routes';
import { VersionCheckService } from './services/version-check.service';
import { TagGroupService } from './services/tag-group.service';
import { AkaService } from './services/aka.service';
import { ActorAkaRepository } from './repositories/actor-aka.repository';
import { ActorExtrefRepository } from './repositories/actor-extref.repository';
import { ActorReadRepository } from './repositories/actor-read.repository';
import { ActorWriteRepository } from './repositories/actor-write.repository';
import { actorCallRoutes } from './routes/api/actor.routes';
import { ActorAkaService } from './services/actor-aka.service';
import { ActorCallService } from './services/actor-call.service';
import { ActorEditService } from './services/actor-edit.service';
import { ActorExtrefService } from './services/actor-extref.service';
import { ActorReader } from './services/actor-reader.service';
import { FileListRepository } from './repositories/file-list.repository';
import { FileMatchRepository } from './repositories/file-match.repository';
import { fileRoutes } from './routes/api/file.routes';
import { FileDeleteService } from './services/file-delete.service';
import { FileListService } from './services/file-list.service';
import { FileMatchService } from './services/file-match.service';
import { PutioClient } from './putio/putio.client';
import { VolumeRepository } from './repositories/volume.repository';
import { storageRoutes } from './routes/api/storage.routes';
import { StorageService } from './services/storage.service';
import { FileStreamRepository } from './repositories/file-stream.repository';
import { HistoryRepository } from './repositories/history.repository';
import { dmsRoutes } from './routes/dms.routes';
import { imgRoutes } from './routes/img.routes';
import { flagRoutes } from './routes/flag.routes';
import { FlagIcons } from './services/flag-icons.service';
import { ActorCountryListService } from './services/actor-country-list.service';
import { ImageProxyService } from './services/image-proxy.service';
import { FileStreamService } from './services/file-stream.service';
import { WatchSessionService } from './services/watch-session.service';
import { rescanJob } from './jobs/handlers/rescan.job';
import { renderHeatmapPng } from './media/heatmap';
import { FileScanRepository } from './repositories/file-scan.repository';
import { defaultScanMedia } from './scanner/inspect-files';
import { LibraryScanner } from './scanner/library-scanner';
import { RescanRequests } from './scanner/rescan-requests';
import { StashdbClient } from './stashdb/stashdb.client';
import { StashdbLinkRepository } from './repositories/stashdb-link.repository';
import { StashdbActorRepository } from './repositories/stashdb-actor.repository';
import { StashdbActorLinkService } from './services/stashdb-actor-link.service';
import { StashdbActorSearchService } from './services/stashdb-actor-search.service';
import { stashdbRoutes } from './routes/api/stashdb.routes';
import { StashdbFingerprintMatchService } from './services/stashdb-fingerprint-match.service';
import { StashdbLinkService } from './services/stashdb-link.service';
import { StashdbSceneSearchService } from './services/stashdb-scene-search.service';

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
  const dataVersions = new DataVersionRepository(db);
  const sceneReader = new SceneReader(new SceneReadRepository(db), dataVersions);
  const searchIndex = new SearchIndexRepository(db);
  const sceneSets = new SceneSetRepository(db, database.readWorker);
  const sceneList = new SceneListService({
    repo: new SceneListRepository(db),
    sets: sceneSets,
    matcher: new SceneMatcher(sceneSets),
    snapshots: new SceneStatusSnapshots(sceneSets, dataVersions),
    reader: sceneReader,
    options,
  });
  const sceneFilters = new SceneFiltersService(new SceneFiltersRepository(db));
  const playlists = new PlaylistService(new PlaylistRepository(db));
  const extrefRepository = new ExtrefRepository(db);
  const alternateSources = new AlternateSourceService(extrefRepository, sceneReader);
  const extrefs = new ExtrefService(extrefRepository);
  // Matching files to scenes (the files calls, scene create and the rescan job).
  const fileMatches = new FileMatchRepository(db);
  const fileMatch = new FileMatchService({
    repo: fileMatches,
    status: sceneStatus,
    reader: sceneReader,
    options,
    logger,
  });
  // The rescan job: storage folders and put.io, then matching and heatmaps.
  const volumes = new VolumeRepository(db);
  const putio = new PutioClient(config.putioUrl);
  // StashDB (stash-box GraphQL): scene search and manual links, and the fingerprint step of matching.
  const stashdb = new StashdbClient(config.stashdbUrl);
  const stashdbLinks = new StashdbLinkRepository(db);
  const scanner = new LibraryScanner({
    files: new FileScanRepository(db),
    volumes,
    putio,
    matcher: fileMatch,
    fingerprints: new StashdbFingerprintMatchService({
      client: stashdb,
      links: stashdbLinks,
      files: fileMatches,
      status: sceneStatus,
      options,
      logger,
    }),
    sceneStatus,
    options,
    events,
    media: defaultScanMedia(config.ffprobePath),
    renderHeatmap: renderHeatmapPng,
    heatmapsDir: paths.heatmaps,
  });
  const queue = new JobQueue({
    jobs: new JobRepository(db),
    events,
    logger,
    definitions: [sceneRefreshJob(sceneStatus), searchIndexJob(searchIndex), rescanJob(scanner)],
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
    // Tag-group names and scene ids travel in paths unencoded by the reference UI; 100 characters is too few.
    routerOptions: { maxParamLength: 2000 },
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
  await http.register(taskRoutes({ queue, rescan: new RescanRequests(volumes, queue) }));
  await http.register(libraryRoutes({ library: new LibraryRepository(db) }));
  // Scene domain routes (list, calls, search, tag groups, akas, saved searches, external references).
  const search = new SearchService({
    index: searchIndex,
    reader: sceneReader,
    jobs: new JobRepository(db),
    logger,
  });
  await http.register(searchRoutes({ search, queue }));
  const sceneWrite = new SceneWriteRepository(db);
  const sceneCalls = new SceneService(sceneReader, sceneWrite);
  const sceneCuepoints = new SceneCuepointService(sceneWrite, sceneCalls, new KvRepository(db));
  await http.register(
    sceneCallRoutes({
      scenes: sceneCalls,
      edits: new SceneEditService(sceneWrite, sceneCalls),
      creator: new SceneCreateService(fileMatches, sceneCalls, sceneStatus),
      cuepoints: sceneCuepoints,
    }),
  );
  await http.register(cuepointOptionsRoutes({ cuepoints: sceneCuepoints }));
  await http.register(sceneListRoutes({ sceneList, sceneFilters }));
  const actorRead = new ActorReadRepository(db);
  const actorReader = new ActorReader(actorRead);
  const actorLists = new ActorListRepository(db);
  await http.register(
    actorListRoutes({
      actorList: new ActorListService(actorLists, actorReader),
      actorFilters: new ActorListFiltersService(actorLists),
    }),
  );
  await http.register(tagGroupRoutes({ tagGroups: new TagGroupService(new TagGroupRepository(db)) }));
  const akas = new AkaService(new AkaRepository(db));
  await http.register(akaRoutes({ akas }));
  // Country flags (/flags/{code}.svg) from the flag-icons package, for the actor country list.
  const flags = new FlagIcons();
  await http.register(flagRoutes({ flags }));
  // The calls on one actor (read, flags, rating, edit, delete, images, colleagues, akas, profile links).
  const actorWrite = new ActorWriteRepository(db);
  await http.register(
    actorCallRoutes({
      reader: actorReader,
      calls: new ActorCallService(actorReader, actorWrite, akas),
      edits: new ActorEditService(actorWrite, actorReader),
      akas: new ActorAkaService(actorRead, new ActorAkaRepository(db)),
      extrefs: new ActorExtrefService(new ActorExtrefRepository(db)),
      countries: new ActorCountryListService(flags),
    }),
  );
  await http.register(playlistRoutes({ playlists }));
  await http.register(extrefRoutes({ alternateSources, extrefs }));
  const stashdbActors = new StashdbActorRepository(db);
  await http.register(
    stashdbRoutes({
      search: new StashdbSceneSearchService({ client: stashdb, repo: stashdbLinks, options }),
      links: new StashdbLinkService({ client: stashdb, repo: stashdbLinks, reader: sceneReader, options }),
      actorSearch: new StashdbActorSearchService({ client: stashdb, repo: stashdbActors, options }),
      actorLinks: new StashdbActorLinkService({
        client: stashdb,
        repo: stashdbActors,
        reader: actorReader,
        options,
      }),
    }),
  );
  // Files: the list, one file, match and unmatch, delete.
  const fileList = new FileListRepository(db);
  await http.register(
    fileRoutes({
      list: new FileListService(fileList),
      match: fileMatch,
      remover: new FileDeleteService({
        files: fileList,
        match: fileMatches,
        answers: fileMatch,
        status: sceneStatus,
        putio,
        heatmapsDir: paths.heatmaps,
        logger,
      }),
    }),
  );
  // Storage locations (Options → Storage).
  await http.register(
    storageRoutes({
      storage: new StorageService({
        volumes,
        sceneStatus,
        options,
        putio,
        events,
        queue,
        heatmapsDir: paths.heatmaps,
        logger,
      }),
    }),
  );
  // Media: library files (byte ranges, put.io redirects) with watch sessions, and heatmaps.
  const watchSessions = new WatchSessionService(new HistoryRepository(db), sceneStatus, logger);
  watchSessions.start();
  await http.register(
    dmsRoutes({
      streams: new FileStreamService({
        files: new FileStreamRepository(db),
        putio,
        sessions: watchSessions,
        heatmapsDir: paths.heatmaps,
        logger,
      }),
    }),
  );
  // The image proxy (/img/<options>/<url>): remote images kept in the data folder, resized on request.
  await http.register(imgRoutes({ images: new ImageProxyService({ dir: paths.images }, logger) }));
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
    sceneList,
    watchSessions,
    logger: appLogger,
    async listen() {
      await queue.start();
      const address = await http.listen({ port: config.port, host: config.host });
      void warmUp(http).then(
        (ms) => logger.info({ ms }, 'warm-up finished'),
        (error: unknown) => logger.warn({ err: error }, 'warm-up after start failed'),
      );
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
        await watchSessions.stop();
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
