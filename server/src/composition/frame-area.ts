import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import { SceneFrameRepository } from '../frames/scene-frame.repository';
import { sceneFrameRoutes } from '../frames/scene-frame.routes';
import { SceneFrameService } from '../frames/scene-frame.service';
import type { Logger } from '../logging/logger';
import type { OptionsService } from '../services/options.service';

export interface FrameAreaDeps {
  db: Database;
  paths: DataPaths;
  options: OptionsService;
  ffmpegPath: string;
  ffprobePath: string;
  logger: Logger;
}

export interface FrameArea {
  /** Frames of scenes without a cover (DLNA art reads them too). */
  frames: SceneFrameService;
  /** Registers GET/HEAD /api/dms/frame/{id}. */
  register(http: FastifyInstance): Promise<void>;
}

/** Scene frames: a picture from the video for every scene without a cover (issue 20, "no grey boxes"). */
export function createFrameArea(deps: FrameAreaDeps): FrameArea {
  const frames = new SceneFrameService({
    repo: new SceneFrameRepository(deps.db),
    options: deps.options,
    framesDir: deps.paths.frames,
    tmpDir: deps.paths.tmp,
    ffmpegPath: deps.ffmpegPath,
    ffprobePath: deps.ffprobePath,
    logger: deps.logger,
  });
  return {
    frames,
    async register(http) {
      await http.register(sceneFrameRoutes({ frames }));
    },
  };
}
