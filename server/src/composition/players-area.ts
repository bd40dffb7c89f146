import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import type { Logger } from '../logging/logger';
import { DeovrService } from '../players/deovr/deovr.service';
import { createDeovrRemote } from '../players/deovr-remote/deovr-remote.factory';
import { PlayerAuth } from '../players/player-auth';
import { PlayerHosts } from '../players/player-hosts';
import { PlayerLibraryService } from '../players/player-library.service';
import type { PlayersCore } from '../players/players-core';
import type { SignMediaUrl } from '../players/player-urls';
import type { EventBus } from '../realtime/event-bus';
import { PlayerLibraryRepository } from '../repositories/player-library.repository';
import { deovrRoutes } from '../routes/deovr.routes';
import { playerOptionsRoutes } from '../routes/api/player-options.routes';
import type { OptionsService } from '../services/options.service';
import { PlayerOptionsService } from '../services/player-options.service';
import type { SceneListService } from '../services/scene-list.service';
import type { SceneReader } from '../services/scene-reader.service';
import type { SceneStatusService } from '../services/scene-status.service';
import type { WatchSessionService } from '../services/watch-session.service';
import type { FileMatchService } from '../services/file-match.service';
import type { PutioClient } from '../putio/putio.client';
import { CollectorConfigRepository } from '../repositories/collector-config.repository';
import {
  CollectorConfigService,
  collectorConfigTextStore,
} from '../scrapers/collector/collector-config.service';
import { TrailerResolver } from '../players/trailers/trailer-resolver';
import { registerHeresphereArea } from './heresphere-area';

export interface PlayersAreaDeps {
  db: Database;
  paths: DataPaths;
  options: OptionsService;
  sceneList: SceneListService;
  sceneReader: SceneReader;
  sceneStatus: SceneStatusService;
  watchSessions: WatchSessionService;
  events: EventBus;
  logger: Logger;
  /** HereSphere's file deletes (FileDeleteService). */
  fileMatch: FileMatchService;
  putio: PutioClient;
  /** Adds the media token to the URLs of player answers while the app's login is set. */
  signMedia: SignMediaUrl;
}

/**
 * The headset players: /deovr (and /heresphere), the remote client, and PUT /api/options/interface/deovr.
 * Answers the shared core (the DeoVR remote reads the last player host from it).
 */
export async function registerPlayersArea(
  http: FastifyInstance,
  deps: PlayersAreaDeps,
): Promise<PlayersCore> {
  const { db, options, sceneReader, logger } = deps;
  const core: PlayersCore = {
    auth: new PlayerAuth(options),
    library: new PlayerLibraryService(new PlayerLibraryRepository(db), deps.sceneList, logger),
    hosts: new PlayerHosts(),
  };
  await http.register(playerOptionsRoutes({ playerOptions: new PlayerOptionsService(options) }));
  await http.register(
    deovrRoutes({
      core,
      options,
      deovr: new DeovrService(core.library, sceneReader, options, deps.signMedia),
    }),
  );
  // HereSphere: library, scan, video data with write-back, events; trailers resolved when asked, with the
  // owner's collector configs (`<core>-trailers`, the rows Options → Advanced → Cookies/Headers edits).
  const collectorConfigs = new CollectorConfigService(new CollectorConfigRepository(db), logger);
  await registerHeresphereArea(http, {
    ...deps,
    auth: core.auth,
    library: core.library,
    trailers: new TrailerResolver({ store: collectorConfigTextStore(collectorConfigs), logger }),
  });
  // DeoVR remote control: follows the options; stopped with the server, before the database closes.
  const remote = createDeovrRemote({
    db,
    hosts: core.hosts,
    options,
    events: deps.events,
    sceneStatus: deps.sceneStatus,
    logger,
  });
  http.addHook('onClose', async () => remote.stop());
  await remote.start();
  return core;
}
