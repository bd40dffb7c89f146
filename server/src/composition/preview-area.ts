import type { FastifyInstance } from 'fastify';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import type { JobDefinition } from '../jobs/job-definition';
import { previewJob } from '../jobs/handlers/preview.job';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import type { EventBus } from '../realtime/event-bus';
import { PreviewRepository } from '../repositories/preview.repository';
import { previewOptionsRoutes } from '../routes/api/preview-options.routes';
import { previewRoutes } from '../routes/preview.routes';
import type { OptionsService } from '../services/options.service';
import { PreviewFileService } from '../services/preview-file.service';
import { PreviewService } from '../services/preview.service';
import type { SceneStatusService } from '../services/scene-status.service';

export interface PreviewAreaDeps {
  db: Database;
  paths: DataPaths;
  options: OptionsService;
  sceneStatus: SceneStatusService;
  events: EventBus;
  ffmpegPath: string;
  ffprobePath: string;
  logger: Logger;
}

export interface PreviewArea {
  previews: PreviewService;
  /** The preview-generate job, for the job queue's definitions. */
  job: JobDefinition;
  /** Registers /api/dms/preview/{name} and the Options → Previews calls. */
  register(http: FastifyInstance, queue: JobQueue): Promise<void>;
}

/**
 * Preview clips (options-spec §2 Previews): built before the job queue (which needs the job), registered
 * with the routes.
 */
export function createPreviewArea(deps: PreviewAreaDeps): PreviewArea {
  const repo = new PreviewRepository(deps.db);
  const previews = new PreviewService({
    repo,
    options: deps.options,
    status: deps.sceneStatus,
    events: deps.events,
    previewsDir: deps.paths.previews,
    tmpDir: deps.paths.tmp,
    ffmpegPath: deps.ffmpegPath,
    ffprobePath: deps.ffprobePath,
    logger: deps.logger,
  });
  const files = new PreviewFileService(repo, deps.paths.previews);
  return {
    previews,
    job: previewJob(previews),
    async register(http, queue) {
      // A test preview reads the database: it stops before the database closes.
      http.addHook('onClose', async () => previews.stop());
      await http.register(previewRoutes({ files }));
      await http.register(previewOptionsRoutes({ previews, queue }));
    },
  };
}
