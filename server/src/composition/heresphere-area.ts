import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import type { Logger } from '../logging/logger';
import { HeresphereEventsService } from '../players/heresphere/heresphere-events.service';
import { HeresphereService, type TrailerSources } from '../players/heresphere/heresphere.service';
import type { PlayerAuth } from '../players/player-auth';
import type { PlayerLibraryService } from '../players/player-library.service';
import type { SignMediaUrl } from '../players/player-urls';
import type { PutioClient } from '../putio/putio.client';
import { DataVersionRepository } from '../repositories/data-version.repository';
import { FileListRepository } from '../repositories/file-list.repository';
import { FileMatchRepository } from '../repositories/file-match.repository';
import { HeresphereRepository } from '../repositories/heresphere.repository';
import { heresphereRoutes } from '../routes/heresphere.routes';
import { FileDeleteService } from '../services/file-delete.service';
import type { FileMatchService } from '../services/file-match.service';
import { HeresphereWriteService } from '../services/heresphere-write.service';
import type { OptionsService } from '../services/options.service';
import type { SceneReader } from '../services/scene-reader.service';
import type { SceneStatusService } from '../services/scene-status.service';
import type { WatchSessionService } from '../services/watch-session.service';

export interface HeresphereAreaDeps {
  db: Database;
  paths: DataPaths;
  auth: PlayerAuth;
  library: PlayerLibraryService;
  trailers: TrailerSources;
  options: OptionsService;
  sceneReader: SceneReader;
  sceneStatus: SceneStatusService;
  watchSessions: WatchSessionService;
  fileMatch: FileMatchService;
  putio: PutioClient;
  logger: Logger;
  /** Adds the media token to the URLs of answers while the app's login is set. */
  signMedia: SignMediaUrl;
}

/** /heresphere: the library, scan index, video data with write-back, files and playback events. */
export async function registerHeresphereArea(http: FastifyInstance, deps: HeresphereAreaDeps): Promise<void> {
  const { db, logger } = deps;
  const repo = new HeresphereRepository(db);
  const files = new FileListRepository(db);
  const writer = new HeresphereWriteService({
    repo,
    files,
    remover: new FileDeleteService({
      files,
      match: new FileMatchRepository(db),
      answers: deps.fileMatch,
      status: deps.sceneStatus,
      putio: deps.putio,
      heatmapsDir: deps.paths.heatmaps,
      logger,
    }),
    status: deps.sceneStatus,
    logger,
  });
  const heresphere = new HeresphereService({
    library: deps.library,
    reader: deps.sceneReader,
    repo,
    writer,
    trailers: deps.trailers,
    options: deps.options,
    versions: new DataVersionRepository(deps.db),
    logger,
    signMedia: deps.signMedia,
  });
  const events = new HeresphereEventsService(deps.watchSessions, deps.options, repo, logger);
  http.addHook('onClose', async () => events.stopAll());
  await http.register(heresphereRoutes({ auth: deps.auth, options: deps.options, heresphere, events }));
}
