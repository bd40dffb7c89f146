import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { BundleExporter } from '../bundles/export/bundle-exporter.service';
import { PlaylistScenes } from '../bundles/playlist-scenes';
import type { CustomSiteStore } from '../bundles/restore/apply-custom-sites';
import { BundleApplier } from '../bundles/restore/bundle-applier';
import { spoolBundleFile } from '../bundles/restore/bundle-reader';
import { downloadBundle } from '../bundles/restore/bundle-source-download';
import { saveStreamToFile } from '../bundles/restore/bundle-source-upload';
import { readWireRestoreBody } from '../bundles/restore/bundle-source-wire';
import { spoolEntries } from '../bundles/restore/bundle-spool';
import { TransferReports } from '../bundles/transfer-reports.service';
import { TransferRequests } from '../bundles/transfer-requests.service';
import { openXbvrDatabase } from '../bundles/xbvr-db/xbvr-database';
import type { DataPaths } from '../config/data-paths';
import type { Database } from '../db/schema';
import { bundleBackupJob } from '../jobs/handlers/bundle-backup.job';
import { bundleRestoreJob } from '../jobs/handlers/bundle-restore.job';
import { xbvrImportJob } from '../jobs/handlers/xbvr-import.job';
import type { EventPublisher, JobQueue } from '../jobs/job-queue';
import { KvRepository } from '../repositories/kv.repository';
import { PlaylistRepository } from '../repositories/playlist.repository';
import { dataTransferRoutes } from '../routes/api/data-transfer.routes';
import { downloadRoutes } from '../routes/download.routes';
import type { ScrapedSceneWriter } from '../scrapers/store/scraped-scene-writer.service';
import type { OptionsService } from '../services/options.service';
import type { SceneListService } from '../services/scene-list.service';
import type { SceneStatusService } from '../services/scene-status.service';

export interface BundleAreaDeps {
  db: Database;
  /** The SQLite file: a backup reads it through its own read-only connection (a consistent snapshot). */
  databaseFile: string;
  paths: DataPaths;
  options: OptionsService;
  sceneStatus: SceneStatusService;
  sceneList: Pick<SceneListService, 'query'>;
  sceneWriter: Pick<ScrapedSceneWriter, 'writeBatch'>;
  /** The custom-site service: a restore creates and edits custom sites through it. */
  customSites: CustomSiteStore;
  events: EventPublisher;
}

/** The largest a bundle URL may send, and how long its download may take. */
const DOWNLOAD_LIMITS = { maxBytes: 4 * 1024 ** 3, timeoutMs: 30 * 60 * 1000 };

/**
 * Moving data in and out: bundle backup (to the downloads folder, offered at /download/…), bundle restore (an
 * upload, the wire form or a URL; read whole and checked before anything is written) and the move-in from an
 * XBVR database. Each is a job; their reports are kept and pushed on data.transfer.
 */
export function createBundleArea(deps: BundleAreaDeps) {
  const reports = new TransferReports(new KvRepository(deps.db), deps.events);
  const playlistScenes = new PlaylistScenes(new PlaylistRepository(deps.db), deps.sceneList);
  const exporter = new BundleExporter({
    databaseFile: deps.databaseFile,
    playlistScenes: (id) => playlistScenes.ids(id),
    optionsJson: () => JSON.stringify(deps.options.get()),
  });
  const applier = new BundleApplier({
    db: deps.db,
    options: deps.options,
    sceneStatus: deps.sceneStatus,
    sceneWriter: deps.sceneWriter,
    customSites: deps.customSites,
  });
  const workDir = (jobId: number) => join(deps.paths.tmp, `bundle-job-${jobId}`);
  const uploadsDir = join(deps.paths.tmp, 'bundle-uploads');
  const jobs = [
    bundleBackupJob({ exporter, reports, downloadsDir: deps.paths.downloads }),
    bundleRestoreJob({
      reports,
      applier,
      spoolFile: (file, dir, hooks) => spoolBundleFile(file, dir, hooks),
      download: (url, file, signal) => downloadBundle(url, file, { ...DOWNLOAD_LIMITS, signal }),
      workDir,
    }),
    xbvrImportJob({
      reports,
      applier,
      open: (source) => openXbvrDatabase(source),
      spoolEntries: (entries, dir, signal) =>
        spoolEntries({ version: '2.1', timestamp: new Date().toISOString() }, entries, dir, { signal }),
      workDir,
    }),
  ];

  return {
    jobs,
    reports,
    async register(app: FastifyInstance, queue: JobQueue): Promise<void> {
      const requests = new TransferRequests({
        queue,
        uploadsDir,
        saveStream: saveStreamToFile,
        readWireBody: readWireRestoreBody,
        checkXbvrSource: async (source) => {
          const database = await openXbvrDatabase(source);
          await database.close();
        },
        checkPlaylist: async (id) => {
          await playlistScenes.check(id);
        },
      });
      await app.register(dataTransferRoutes({ requests, reports, downloadsDir: deps.paths.downloads }));
      await app.register(downloadRoutes({ downloadsDir: deps.paths.downloads }));
    },
  };
}
