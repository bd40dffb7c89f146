import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { CacheResetService } from '../cache/cache-reset.service';
import { cacheResetRoutes } from '../cache/cache-reset.routes';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import type { ImageProxyService } from '../images/image-proxy.service';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import { KvRepository } from '../repositories/kv.repository';
import { PreviewRepository } from '../repositories/preview.repository';
import type { SearchIndexRepository } from '../repositories/search-index.repository';
import { ScheduleRunStore } from '../schedules/schedule-run.store';
import { taskScheduleRoutes } from '../schedules/task-schedule.routes';
import { TaskScheduler } from '../schedules/task-scheduler.service';
import type { CacheSizeService } from '../services/cache-size.service';
import type { OptionsService } from '../services/options.service';
import type { SceneStatusService } from '../services/scene-status.service';
import type { WatchSessionService } from '../services/watch-session.service';

export interface MaintenanceAreaDeps {
  db: Database;
  paths: DataPaths;
  options: OptionsService;
  queue: JobQueue;
  images: ImageProxyService;
  searchIndex: SearchIndexRepository;
  sceneStatus: SceneStatusService;
  cacheSizes: CacheSizeService;
  watchSessions: WatchSessionService;
  logger: Logger;
}

/**
 * Options → Cache (the resets) and Options → Task Schedules (the scheduler, whose timers start when the app
 * listens).
 */
export async function registerMaintenanceArea(
  http: FastifyInstance,
  deps: MaintenanceAreaDeps,
): Promise<{ scheduler: TaskScheduler }> {
  const { db, paths, queue, logger } = deps;
  const previews = new PreviewRepository(db);
  const cacheReset = new CacheResetService({
    images: deps.images,
    derivedImageDirs: [join(paths.images, 'heatmap-thumbnails')],
    previews: {
      dir: paths.previews,
      sceneIdsWithPreview: () => previews.sceneIdsWithPreview(),
      refreshScenes: (ids) => deps.sceneStatus.refreshScenes(ids),
    },
    searchIndex: deps.searchIndex,
    queue,
    onReset: () => deps.cacheSizes.invalidate(),
    logger,
  });
  await http.register(cacheResetRoutes({ cacheReset }));

  const scheduler = new TaskScheduler({
    options: deps.options,
    queue,
    runs: new ScheduleRunStore(new KvRepository(db)),
    isWatching: () => deps.watchSessions.watching,
    logger,
  });
  await http.register(taskScheduleRoutes({ scheduler }));
  return { scheduler };
}
