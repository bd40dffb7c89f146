import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import { ContentDirectoryService } from '../dlna/content-directory.service';
import { DlnaArtService } from '../dlna/dlna-art.service';
import { DlnaIcons } from '../dlna/dlna-icons';
import { DlnaServerService } from '../dlna/dlna-server.service';
import type { SceneFrameService } from '../frames/scene-frame.service';
import type { Logger } from '../logging/logger';
import { PlayerLibraryService } from '../players/player-library.service';
import type { PutioClient } from '../putio/putio.client';
import { DlnaRepository } from '../repositories/dlna.repository';
import { FileStreamRepository } from '../repositories/file-stream.repository';
import { PlayerLibraryRepository } from '../repositories/player-library.repository';
import { dlnaOptionsRoutes } from '../routes/api/dlna-options.routes';
import { dlnaIconRoutes } from '../routes/dlna-icons.routes';
import { DlnaOptionsService } from '../services/dlna-options.service';
import { FileStreamService } from '../services/file-stream.service';
import type { OptionsService } from '../services/options.service';
import type { SceneListService } from '../services/scene-list.service';
import type { SceneReader } from '../services/scene-reader.service';
import type { WatchSessionService } from '../services/watch-session.service';

export interface DlnaAreaDeps {
  db: Database;
  config: Pick<AppConfig, 'host' | 'dlnaPort' | 'version'>;
  paths: DataPaths;
  options: OptionsService;
  sceneList: SceneListService;
  sceneReader: SceneReader;
  watchSessions: WatchSessionService;
  putio: PutioClient;
  /** Scene frames: the art of scenes without a cover. */
  frames: Pick<SceneFrameService, 'jpeg'>;
  logger: Logger;
}

/**
 * The DLNA MediaServer (its own HTTP port plus SSDP), PUT /api/options/interface/dlna and /dlna/icons. The
 * server starts when the app starts listening (never under inject-only tests) and stops when it closes;
 * option changes restart or stop it. Answers the server, whose state() feeds currentState.dlna.
 */
export async function registerDlnaArea(
  http: FastifyInstance,
  deps: DlnaAreaDeps,
): Promise<{ dlna: DlnaServerService }> {
  const { db, logger } = deps;
  const icons = new DlnaIcons();
  const playerRepo = new PlayerLibraryRepository(db);
  const library = new PlayerLibraryService(playerRepo, deps.sceneList, logger);
  const art = new DlnaArtService({
    cover: async (sceneId) => (await library.summaries([sceneId])).get(sceneId)?.cover_url ?? null,
    fetch: async (path) => {
      const answer = await http.inject({ method: 'GET', url: path });
      return { status: answer.statusCode, body: answer.rawPayload };
    },
    frame: (sceneId) => deps.frames.jpeg(sceneId),
    logger,
  });
  const dlna = new DlnaServerService({
    options: deps.options,
    icons,
    host: deps.config.host,
    port: deps.config.dlnaPort,
    version: deps.config.version,
    contentDirectory: new ContentDirectoryService({
      repo: new DlnaRepository(db),
      library: {
        deoSections: () => playerRepo.deoSections(),
        unmatchedVideoFiles: () => library.unmatchedVideoFiles(),
        videoFile: (id) => library.videoFile(id),
      },
      sceneList: deps.sceneList,
      reader: deps.sceneReader,
      options: deps.options,
      logger,
    }),
    streams: new FileStreamService({
      files: new FileStreamRepository(db),
      putio: deps.putio,
      sessions: deps.watchSessions,
      heatmapsDir: deps.paths.heatmaps,
      logger,
    }),
    art: (sceneId) => art.jpeg(sceneId),
    logger,
  });
  await http.register(dlnaOptionsRoutes({ dlnaOptions: new DlnaOptionsService(deps.options, dlna) }));
  await http.register(dlnaIconRoutes({ icons }));
  http.addHook('onListen', async () => {
    await dlna.activate();
  });
  http.addHook('preClose', async () => {
    await dlna.deactivate();
  });
  return { dlna };
}
