import type { BundleRestoreOptions, BundleSection } from '@fovea/contract';
import type { Database } from '../../db/schema';
import { JobAbortedError } from '../../jobs/job-definition';
import { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import { CatalogueCountsRepository } from '../../repositories/catalogue-counts.repository';
import type { ScrapedSceneWriter } from '../../scrapers/store/scraped-scene-writer.service';
import type { OptionsService } from '../../services/options.service';
import type { SceneStatusService } from '../../services/scene-status.service';
import type { SpooledBundle } from '../spooled-bundle';
import type { TransferTally } from '../transfer-tally';
import { DEFAULT_BATCH_SIZE } from './apply-batches';
import type { CustomSiteStore } from './apply-custom-sites';
import { sectionAppliers, skipSection } from './bundle-apply-sections';
import { SiteScope } from './apply-site-scope';
import { CountTouches } from './apply-touched';
import { V1SceneApplier } from './apply-v1-scenes';
import { figure } from './apply-values';
import { APPLY_ORDER, SECTION_SWITCH, type ApplyContext } from './section-applier';

export interface BundleApplierDeps {
  db: Database;
  /** The owner's options: the `config` row is merged into them. */
  options: Pick<OptionsService, 'get' | 'update'>;
  /** Recomputes the status of the scenes a restore touched. */
  sceneStatus: Pick<SceneStatusService, 'refreshScenes'>;
  /** Stores the scenes of a v1 bundle. */
  sceneWriter: Pick<ScrapedSceneWriter, 'writeBatch'>;
  /**
   * Creates and edits the custom sites of Fovea's `foveaCustomSites` section (reloading the scraper definitions).
   * Without it those entries are rejected.
   */
  customSites?: CustomSiteStore;
  /** Rows per batch (one transaction each); DEFAULT_BATCH_SIZE when omitted. */
  batchSize?: number;
  /** The fewest scenes a bundle brings for the restore to suspend the per-row triggers; BULK_FROM_SCENES when omitted. */
  bulkFromScenes?: number;
}

/**
 * A restore of at least this many scenes, and at least half as many as the library holds, suspends the per-row
 * triggers (search index, cast counts, random keys, data versions) and recomputes their work once at the end:
 * for 100,000 new scenes that is about 4 s against about 15 s row by row.
 */
export const BULK_FROM_SCENES = 5_000;

export type ApplyOutcome =
  | { completed: true }
  | {
      completed: false;
      error: string;
      /** e.g. 'scenes, after 12,000 of 100,000 (batches before were kept)' */
      stoppedAt: string;
    };

export interface ApplyHooks {
  tally: TransferTally;
  signal: AbortSignal;
  onProgress(done: number, total: number, message: string): void;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Applies a spooled bundle to the database: its sections in APPLY_ORDER, each let in by its include switch (a
 * section switched off counts its rows as skipped), in batches of one transaction each. A batch that fails rolls
 * back and the restore stops there, keeping the batches before; the outcome says which section and how far.
 * Whatever was written, the statuses of the scenes and the tag, tag-group, actor and aka counts it moved are
 * brought up to date at the end (the search index follows by triggers, or once at the end for a large restore:
 * BULK_FROM_SCENES). A shutdown stops it between batches (JobAbortedError, after the same final step).
 */
export class BundleApplier {
  private readonly store: BundleRestoreRepository;
  private readonly batchSize: number;
  private readonly bulkFromScenes: number;

  constructor(private readonly deps: BundleApplierDeps) {
    this.store = new BundleRestoreRepository(deps.db);
    this.batchSize = Math.max(1, deps.batchSize ?? DEFAULT_BATCH_SIZE);
    this.bulkFromScenes = Math.max(1, deps.bulkFromScenes ?? BULK_FROM_SCENES);
  }

  async apply(
    bundle: SpooledBundle,
    options: BundleRestoreOptions,
    hooks: ApplyHooks,
  ): Promise<ApplyOutcome> {
    // A restore writes hundreds of MB in many batches: checkpoints wait until it ends, with a larger page cache;
    // a large one leaves the per-row triggers' work to one pass at the end.
    const endBulk = await this.store.beginBulkWrites({
      suspendTriggers: await this.isLarge(bundle, options),
    });
    try {
      return await this.applyAll(bundle, options, hooks);
    } finally {
      await endBulk();
    }
  }

  private async isLarge(bundle: SpooledBundle, options: BundleRestoreOptions): Promise<boolean> {
    const incoming = options.inclScenes ? (bundle.counts.scenes ?? 0) : 0;
    return incoming >= this.bulkFromScenes && incoming * 2 >= (await this.store.sceneCount());
  }

  private async applyAll(
    bundle: SpooledBundle,
    options: BundleRestoreOptions,
    hooks: ApplyHooks,
  ): Promise<ApplyOutcome> {
    const scope = new SiteScope(options, this.store.read.catalogue);
    const sections = bundle.version === '1' ? (['scenes'] as const) : APPLY_ORDER;
    const sizeOf = (section: BundleSection) => bundle.counts[section] ?? 0;
    const included = sections.filter((section) => options[SECTION_SWITCH[section]] === true);
    const total = included.reduce((sum, section) => sum + sizeOf(section), 0);
    const doneIn = new Map<BundleSection, number>();
    let before = 0;
    const context: ApplyContext = {
      options,
      tally: hooks.tally,
      signal: hooks.signal,
      touchedScenes: new Set(),
      progress(section, done) {
        doneIn.set(section, done);
        hooks.onProgress(before + done, total, `${section}: ${figure(done)} of ${figure(sizeOf(section))}`);
      },
    };
    const touches = new CountTouches();
    touches.all = bundle.version === '1';
    const appliers = sectionAppliers(
      this.store,
      this.deps.options,
      scope,
      this.batchSize,
      touches,
      this.deps.customSites ?? null,
    );
    const v1 = new V1SceneApplier(this.store, this.deps.sceneWriter, scope, this.batchSize);
    let outcome: ApplyOutcome = { completed: true };
    let aborted: unknown = null;
    for (const section of sections) {
      if (!included.includes(section)) {
        await skipSection(bundle, section, hooks.tally);
        continue;
      }
      try {
        await scope.refresh();
        if (bundle.version === '1') await v1.apply(bundle, context);
        else await appliers[section].apply(bundle, context);
      } catch (error) {
        if (error instanceof JobAbortedError) aborted = error;
        else
          outcome = {
            completed: false,
            error: message(error),
            stoppedAt: `${section}, after ${figure(doneIn.get(section) ?? 0)} of ${figure(sizeOf(section))} (batches before were kept)`,
          };
        break;
      }
      before += sizeOf(section);
    }
    hooks.onProgress(total, total, 'updating scene statuses and counts');
    await this.finish(context.touchedScenes, touches);
    if (aborted !== null) throw aborted;
    return outcome;
  }

  /**
   * Statuses of the scenes whose rows changed, then the counts of the tags and actors whose links or groups
   * changed and of the cast of those scenes (set-based, written only when off; a v1 bundle recounts all).
   */
  private async finish(touched: Set<number>, touches: CountTouches): Promise<void> {
    const scenes = [...touched];
    // The cast's scene facts are recounted below, once, rather than per batch of statuses.
    await this.deps.sceneStatus.refreshScenes(scenes, undefined, { actorFacts: false });
    const counts = new CatalogueCountsRepository(this.deps.db);
    await counts.refreshTagCounts(touches.all ? 'all' : [...touches.tags]);
    if (touches.all) {
      await counts.refreshActorCounts('all');
      return;
    }
    // The cast of scenes whose files or history changed: their available-scene counts and latest dates move.
    const cast = await this.store.read.catalogue.castOf(scenes);
    await counts.refreshActorCounts([...new Set([...touches.actors, ...cast.map(([, actor]) => actor)])]);
  }
}
