import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import type { PutioClient } from '../putio/putio.client';
import type { EventBus } from '../realtime/event-bus';
import { FileListRepository } from '../repositories/file-list.repository';
import { FileScanRepository } from '../repositories/file-scan.repository';
import type { FileMatchRepository } from '../repositories/file-match.repository';
import { FileStreamRepository } from '../repositories/file-stream.repository';
import { HeatmapThumbnailRepository } from '../repositories/heatmap-thumbnail.repository';
import { HistoryRepository } from '../repositories/history.repository';
import type { VolumeRepository } from '../repositories/volume.repository';
import { fileRoutes } from '../routes/api/file.routes';
import { storageRoutes } from '../routes/api/storage.routes';
import { watchRoutes } from '../routes/api/watch.routes';
import { dmsRoutes } from '../routes/dms.routes';
import { imghmRoutes } from '../routes/imghm.routes';
import { imgRoutes } from '../routes/img.routes';
import { subtitleRoutes } from '../routes/subtitle.routes';
import { FileDeleteService } from '../services/file-delete.service';
import { FileListService } from '../services/file-list.service';
import type { FileMatchService } from '../services/file-match.service';
import { FileStreamService } from '../services/file-stream.service';
import { HeatmapThumbnailService } from '../services/heatmap-thumbnail.service';
import { ReportedWatchService } from '../services/reported-watch.service';
import { ImageProxyService } from '../images/image-proxy.service';
import type { OptionsService } from '../services/options.service';
import type { SceneStatusService } from '../services/scene-status.service';
import { systemFolders } from '../services/storage-folder';
import { StorageGoneService } from '../services/storage-gone.service';
import { StorageService } from '../services/storage.service';
import { SubtitleService } from '../services/subtitle.service';
import { WatchSessionService } from '../services/watch-session.service';

export interface LibraryAreaDeps {
  db: Database;
  paths: DataPaths;
  fileMatch: FileMatchService;
  fileMatches: FileMatchRepository;
  volumes: VolumeRepository;
  sceneStatus: SceneStatusService;
  putio: PutioClient;
  options: OptionsService;
  events: EventBus;
  queue: JobQueue;
  logger: Logger;
  /** Told when the images cache's size limit removed images (the Cache figures are out of date). */
  onImagesEvicted: () => void;
  /** Tests only: image host names answered by fixed addresses taken as public ('images.test' -> '127.0.0.1'). */
  imageHostMap?: Record<string, string>;
}

/**
 * The files and media calls: the file list, match, unmatch and delete; storage locations (Options → Storage);
 * library files with byte ranges and watch sessions, heatmaps; the image proxy (/img/<options>/<url>).
 * Answers the watch sessions, which the app starts and stops.
 */
export async function registerLibraryArea(
  http: FastifyInstance,
  deps: LibraryAreaDeps,
): Promise<{ watchSessions: WatchSessionService; images: ImageProxyService }> {
  const { db, paths, sceneStatus, putio, logger } = deps;
  const fileList = new FileListRepository(db);
  await http.register(
    fileRoutes({
      list: new FileListService(fileList),
      match: deps.fileMatch,
      remover: new FileDeleteService({
        files: fileList,
        match: deps.fileMatches,
        answers: deps.fileMatch,
        status: sceneStatus,
        putio,
        heatmapsDir: paths.heatmaps,
        logger,
      }),
    }),
  );
  await http.register(
    storageRoutes({
      storage: new StorageService({
        volumes: deps.volumes,
        sceneStatus,
        options: deps.options,
        putio,
        events: deps.events,
        queue: deps.queue,
        heatmapsDir: paths.heatmaps,
        dataDir: paths.root,
        platform: process.platform,
        systemFolders: systemFolders(process.platform, process.env),
        logger,
      }),
      gone: new StorageGoneService({
        volumes: deps.volumes,
        files: new FileScanRepository(db),
        sceneStatus,
        events: deps.events,
        logger,
      }),
    }),
  );
  const watchSessions = new WatchSessionService(new HistoryRepository(db), sceneStatus, logger);
  watchSessions.start();
  // The web player reports its sessions and streams with dnt=true, so the two never count one viewing twice.
  const reportedWatch = new ReportedWatchService(new HistoryRepository(db), sceneStatus, logger);
  reportedWatch.start();
  await http.register(watchRoutes({ watch: reportedWatch }));
  const fileStreams = new FileStreamRepository(db);
  await http.register(subtitleRoutes({ subtitles: new SubtitleService(fileStreams) }));
  await http.register(
    dmsRoutes({
      streams: new FileStreamService({
        files: fileStreams,
        putio,
        sessions: watchSessions,
        heatmapsDir: paths.heatmaps,
        logger,
      }),
    }),
  );
  const images = new ImageProxyService(
    {
      dir: paths.images,
      addresses: {
        allowLan: () => deps.options.get().advanced.imageProxyAllowLan,
        ...(deps.imageHostMap ? { trustedHosts: deps.imageHostMap } : {}),
      },
      cacheLimitBytes: () => deps.options.get().cache.imagesMaxMb * 1024 * 1024,
      onEvicted: deps.onImagesEvicted,
    },
    logger,
  );
  await http.register(imgRoutes({ images }));
  await http.register(
    imghmRoutes({
      thumbnails: new HeatmapThumbnailService({
        repository: new HeatmapThumbnailRepository(db),
        images,
        options: deps.options,
        heatmapsDir: paths.heatmaps,
        cacheDir: join(paths.images, 'heatmap-thumbnails'),
        logger,
      }),
    }),
  );
  return { watchSessions, images };
}
