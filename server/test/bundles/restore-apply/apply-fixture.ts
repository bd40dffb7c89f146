import {
  BundleRestoreOptions,
  BundleSections,
  type BundleEntry,
  type BundleSection,
  type BundleV1Scene,
} from '@fovea/contract';
import type { FoveaApp } from '../../../src/app';
import type { CustomSiteStore } from '../../../src/bundles/restore/apply-custom-sites';
import { BundleApplier, type ApplyOutcome } from '../../../src/bundles/restore/bundle-applier';
import { memoryBundle, type SpooledBundle } from '../../../src/bundles/spooled-bundle';
import { TransferTally } from '../../../src/bundles/transfer-tally';
import { ScrapedSceneWriteRepository } from '../../../src/repositories/scraped-scene-write.repository';
import { ScrapedSceneWriter } from '../../../src/scrapers/store/scraped-scene-writer.service';

/** A bundle entry read through its section's schema, as a reader hands it on (defaults and coercions applied). */
export function entry<S extends BundleSection>(section: S, record: unknown): BundleEntry {
  return { section, record: BundleSections[section].parse(record) } as BundleEntry;
}

export interface RunResult {
  outcome: ApplyOutcome;
  tally: TransferTally;
  progress: { done: number; total: number; message: string }[];
}

/** Applies a bundle held in memory to the test app's database, as the restore job does. */
export async function restore(
  app: FoveaApp,
  entries: readonly BundleEntry[],
  options: Partial<BundleRestoreOptions> = {},
  extra: {
    batchSize?: number;
    bulkFromScenes?: number;
    version?: '2.1' | '1';
    v1Scenes?: BundleV1Scene[];
    signal?: AbortSignal;
    /** A spooled bundle to apply instead of `entries` (read through the spool, as a restore job does). */
    bundle?: SpooledBundle;
    /** Called with each progress report, as it comes. */
    onProgress?: () => void;
    /** The custom-site service the restore saves custom sites through. */
    customSites?: CustomSiteStore;
  } = {},
): Promise<RunResult> {
  const db = app.database.db;
  const applier = new BundleApplier({
    db,
    options: app.options,
    sceneStatus: app.sceneStatus,
    sceneWriter: new ScrapedSceneWriter({
      repo: new ScrapedSceneWriteRepository(db),
      status: app.sceneStatus,
    }),
    batchSize: extra.batchSize,
    bulkFromScenes: extra.bulkFromScenes,
    ...(extra.customSites ? { customSites: extra.customSites } : {}),
  });
  const tally = new TransferTally();
  const progress: RunResult['progress'] = [];
  const bundle = extra.bundle ?? memoryBundle(entries, { version: extra.version, v1Scenes: extra.v1Scenes });
  const outcome = await applier.apply(bundle, BundleRestoreOptions.parse(options), {
    tally,
    signal: extra.signal ?? new AbortController().signal,
    onProgress: (done, total, message) => {
      progress.push({ done, total, message });
      extra.onProgress?.();
    },
  });
  return { outcome, tally, progress };
}

/** Every include switch off but the ones named. */
export function only(...switches: (keyof BundleRestoreOptions)[]): Partial<BundleRestoreOptions> {
  const off: Partial<BundleRestoreOptions> = {
    inclScenes: false,
    inclHistory: false,
    inclLinks: false,
    inclCuepoints: false,
    inclActions: false,
    inclPlaylists: false,
    inclActorAkas: false,
    inclTagGroups: false,
    inclVolumes: false,
    inclExtRefs: false,
    inclSites: false,
    inclActors: false,
    inclActorActions: false,
    inclConfig: false,
  };
  for (const name of switches) Object.assign(off, { [name]: true });
  return off;
}

export const sceneRow = (app: FoveaApp, sceneId: string) =>
  app.database.db.selectFrom('scenes').selectAll().where('scene_id', '=', sceneId).executeTakeFirstOrThrow();

/** A scene's cast and tag names, sorted. */
export async function linksOf(app: FoveaApp, sceneId: string) {
  const db = app.database.db;
  const cast = await db
    .selectFrom('scene_cast')
    .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
    .innerJoin('scenes', 'scenes.id', 'scene_cast.scene_id')
    .select('actors.name')
    .where('scenes.scene_id', '=', sceneId)
    .execute();
  const tags = await db
    .selectFrom('scene_tags')
    .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
    .innerJoin('scenes', 'scenes.id', 'scene_tags.scene_id')
    .select('tags.name')
    .where('scenes.scene_id', '=', sceneId)
    .execute();
  return { cast: cast.map((row) => row.name).sort(), tags: tags.map((row) => row.name).sort() };
}
