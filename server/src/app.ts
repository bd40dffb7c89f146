import type { AppConfig } from './config/config';
import { dataPaths, ensureDataPaths } from './config/data-paths';
import { openDatabase } from './db/database';
import { resolveDatabaseFile } from './db/database-url';
import { migrateToLatest } from './db/migrator';
import { registerWebUi } from './http/static-web';
import { warmUp } from './http/warm-up';
import { registerActorArea } from './composition/actor-area';
import { registerLibraryArea } from './composition/library-area';
import { registerPlayersArea } from './composition/players-area';
import { registerDlnaArea } from './composition/dlna-area';
import { registerStashdbArea } from './composition/stashdb-area';
import { createPreviewArea } from './composition/preview-area';
import { createFrameArea } from './composition/frame-area';
import { createBundleArea } from './composition/bundle-area';
import { createAlternateSitesArea } from './composition/alternate-sites-area';
import { createScraperArea } from './composition/scraper-area';
import { createSceneImportArea } from './composition/scene-import-area';
import { createStashdbRunArea } from './composition/stashdb-run-area';
import { sceneRefreshJob } from './jobs/handlers/scene-refresh.job';
import { searchIndexJob } from './jobs/handlers/search-index.job';
import { JobQueue } from './jobs/job-queue';
import { registerMaintenanceArea } from './composition/maintenance-area';
import { createLogger } from './logging/logger';
import { EventBus } from './realtime/event-bus';
import { registerRealtimeRoutes } from './realtime/realtime.routes';
import { createAuthArea } from './composition/auth-area';
import { createHttpServer } from './http/create-http-server';
import { logListening } from './logging/startup-log';
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
import { optionsRoutes } from './routes/api/options.routes';
import { playlistRoutes } from './routes/api/playlist.routes';
import { taskRoutes } from './routes/api/task.routes';
import { funscriptRoutes } from './routes/api/funscript.routes';
import { FunscriptExportRepository } from './repositories/funscript-export.repository';
import { FunscriptExportService } from './services/funscript-export.service';
import { searchRoutes } from './routes/api/search.routes';
import { tagGroupRoutes } from './routes/api/tag-group.routes';
import { akaRoutes } from './routes/api/aka.routes';
import { AlternateSourceService } from './services/alternate-source.service';
import { CacheSizeService } from './services/cache-size.service';
import { ExtrefService } from './services/extref.service';
import { OptionsStateService, type DlnaState } from './services/options-state.service';
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
import { FileMatchRepository } from './repositories/file-match.repository';
import { FileMatchService } from './services/file-match.service';
import { PutioClient } from './putio/putio.client';
import { VolumeRepository } from './repositories/volume.repository';
import { rescanJob } from './jobs/handlers/rescan.job';
import { renderHeatmapPng } from './media/heatmap';
import { FileScanRepository } from './repositories/file-scan.repository';
import { defaultScanMedia } from './scanner/inspect-files';
import { LibraryScanner } from './scanner/library-scanner';
import { RescanRequests } from './scanner/rescan-requests';
import { StashdbClient } from './stashdb/stashdb.client';
import { StashdbLinkRepository } from './repositories/stashdb-link.repository';
import { StashdbFingerprintMatchService } from './services/stashdb-fingerprint-match.service';

import type { AppInjections, FoveaApp } from './app-types';

export type { AppInjections, FoveaApp };

/**
 * The composition root: repositories, then services, then routes, all built here and passed down through
 * constructors. Nothing is a global.
 */
export async function createApp(config: AppConfig, inject: AppInjections = {}): Promise<FoveaApp> {
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
    () => options.get().cache.imagesMaxMb * 1024 * 1024,
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
  const stashdbRunArea = createStashdbRunArea({ db, client: stashdb, options });
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
    media: inject.scanMedia ?? defaultScanMedia(config.ffprobePath),
    renderHeatmap: renderHeatmapPng,
    heatmapsDir: paths.heatmaps,
  });
  // Preview clips: the job joins the queue's definitions; the routes are registered below.
  const previewArea = createPreviewArea({
    db,
    paths,
    options,
    sceneStatus,
    events,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    logger,
  });
  // Scene frames: a picture from the video for scenes without a cover (cards, players, DLNA).
  const frameArea = createFrameArea({
    db,
    paths,
    options,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    logger,
  });
  // Scrapers: definitions, the HTTP layer, the scrape job, sites and their health, single-scene scrapes.
  const sceneWrite = new SceneWriteRepository(db);
  const sceneCalls = new SceneService(sceneReader, sceneWrite);
  // Alternate sites: their scenes become alternate references of master-site scenes, linked after scrapes.
  const alternateSitesArea = createAlternateSitesArea({ db, options, logger });
  const scraperArea = await createScraperArea({
    db,
    paths,
    options,
    sceneStatus,
    fileMatch,
    scenes: sceneCalls,
    logger,
    alternates: alternateSitesArea.hooks,
    ...(inject.scrapeHostMap ? { scrapeHostMap: inject.scrapeHostMap } : {}),
  });
  // Backup, restore and the move-in from XBVR: their jobs join the queue; routes are registered below.
  const bundleArea = createBundleArea({
    db,
    databaseFile: database.file,
    paths,
    options,
    sceneStatus,
    sceneList,
    sceneWriter: scraperArea.sceneWriter,
    customSites: scraperArea.customSites,
    events,
  });
  // Scene imports from TPDB and the JAV sources, through the scrapers' HTTP layer and scene writer.
  const sceneImportArea = createSceneImportArea({
    http: scraperArea.http,
    store: scraperArea.sceneWriter,
    files: { matchUnmatched: () => fileMatch.matchUnmatched() },
    options,
  });
  const queue = new JobQueue({
    jobs: new JobRepository(db),
    events,
    logger,
    definitions: [
      sceneRefreshJob(sceneStatus),
      searchIndexJob(searchIndex),
      rescanJob(scanner),
      previewArea.job,
      scraperArea.job,
      scraperArea.actorScrapeJob,
      alternateSitesArea.job,
      ...bundleArea.jobs,
      ...sceneImportArea.jobs,
      stashdbRunArea.job,
    ],
    progressTiming: () => ({
      publishEveryMs: 250,
      persistEveryMs: 1000,
      logEveryMs: options.get().advanced.progressTimeInterval * 1000,
    }),
  });

  // The optional login: settings, sessions, API keys; the players' media tokens come off URLs before routing.
  const authArea = await createAuthArea({ db, config, logger });
  const http = await createHttpServer(config, logger, authArea);

  const listenAddress = () => {
    const address = http.server.address();
    return typeof address === 'object' && address !== null
      ? { host: config.host, port: address.port }
      : { host: config.host, port: config.port };
  };
  // The DLNA server is built after the library area (it streams through the watch sessions); until then: off.
  let dlnaState = (): DlnaState => ({ running: false, images: [], recentIp: [] });
  const optionsState = new OptionsStateService(
    options,
    cacheSizes,
    { dlna: () => dlnaState(), scrapers: () => scraperArea.scraperInfos() },
    listenAddress,
  );

  await registerRealtimeRoutes(http, broker);
  await http.register(optionsRoutes({ options, optionsState, versionCheck }));
  await http.register(taskRoutes({ queue, rescan: new RescanRequests(volumes, queue) }));
  await http.register(libraryRoutes({ library: new LibraryRepository(db) }));
  // Scene domain routes (list, calls, search, tag groups, akas, saved searches, external references).
  await http.register(
    funscriptRoutes({
      funscripts: new FunscriptExportService({ repo: new FunscriptExportRepository(db), options, logger }),
    }),
  );
  await previewArea.register(http, queue);
  await frameArea.register(http);
  await scraperArea.register(http, queue);
  await alternateSitesArea.register(http, queue, scraperArea.realSceneScraper);
  await bundleArea.register(http, queue);
  await sceneImportArea.register(http, queue);
  await stashdbRunArea.register(http, queue);
  const search = new SearchService({
    index: searchIndex,
    reader: sceneReader,
    jobs: new JobRepository(db),
    logger,
  });
  await http.register(searchRoutes({ search, queue }));
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
  await http.register(tagGroupRoutes({ tagGroups: new TagGroupService(new TagGroupRepository(db)) }));
  const akas = new AkaService(new AkaRepository(db));
  await http.register(akaRoutes({ akas }));
  const { actorReader } = await registerActorArea(http, { db, akas });
  await http.register(playlistRoutes({ playlists }));
  await http.register(extrefRoutes({ alternateSources, extrefs }));
  await registerStashdbArea(http, {
    db,
    client: stashdb,
    links: stashdbLinks,
    sceneReader,
    actorReader,
    options,
  });
  const { watchSessions, images } = await registerLibraryArea(http, {
    db,
    paths,
    fileMatch,
    fileMatches,
    volumes,
    sceneStatus,
    putio,
    options,
    events,
    queue,
    logger,
    onImagesEvicted: () => cacheSizes.invalidate(),
    ...(inject.imageHostMap ? { imageHostMap: inject.imageHostMap } : {}),
  });
  // Options → Cache resets and Options → Task Schedules (the timers start with listen()).
  const { scheduler } = await registerMaintenanceArea(http, {
    db,
    paths,
    options,
    queue,
    images,
    searchIndex,
    sceneStatus,
    cacheSizes,
    watchSessions,
    logger,
  });
  // Headset players (/deovr, /heresphere), the DeoVR remote and the players' options.
  await registerPlayersArea(http, {
    db,
    paths,
    options,
    sceneList,
    sceneReader,
    sceneStatus,
    watchSessions,
    events,
    logger,
    fileMatch,
    putio,
    signMedia: authArea.auth.signMediaUrl,
  });
  // The DLNA MediaServer (own port + SSDP; runs while listening), its options and icons.
  const { dlna } = await registerDlnaArea(http, {
    db,
    config,
    paths,
    options,
    sceneList,
    sceneReader,
    watchSessions,
    putio,
    frames: frameArea.frames,
    logger,
  });
  dlnaState = () => dlna.state();
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
    dlna,
    logger: appLogger,
    async listen() {
      await queue.start();
      await scheduler.start();
      const address = await http.listen({ port: config.port, host: config.host });
      void warmUp(http).then(
        (ms) => logger.info({ ms }, 'warm-up finished'),
        (error: unknown) => logger.warn({ err: error }, 'warm-up after start failed'),
      );
      logListening(logger, config, address);
      return address;
    },
    close() {
      closing ??= (async () => {
        // No GOODBYE: browsers see a plain 1001 close and reconnect by themselves once Fovea is back.
        await broker.close({ goodbye: false });
        await http.close();
        await watchSessions.stop();
        scheduler.stop();
        await queue.stop();
        await scraperArea.close();
        await database.close();
        logger.info('Fovea stopped');
        appLogger.close();
      })();
      return closing;
    },
  };
  return app;
}
