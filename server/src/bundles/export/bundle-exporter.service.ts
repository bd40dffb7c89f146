import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BUNDLE_VERSION, type BundleBackupQuery, type BundleEntry } from '@fovea/contract';
import { CustomSiteRepository } from '../../custom-sites/custom-site.repository';
import { BundleExportActorRepository } from '../../repositories/bundle-export-actor.repository';
import {
  BundleExportCatalogueRepository,
  type ExtRefLinkSubset,
} from '../../repositories/bundle-export-catalogue.repository';
import { BundleExportSceneRepository } from '../../repositories/bundle-export-scene.repository';
import { TransferTally } from '../transfer-tally';
import { ActorObjects } from './actor-objects';
import { BundleJsonWriter } from './bundle-json-writer';
import { recordItems } from '../record-items';
import { CatalogueSections } from './catalogue-sections';
import { customSiteSection } from './custom-site-section';
import { EXPORT_PAGE_SIZE, type AnySectionSource } from './export-pages';
import { ExportSnapshot } from './export-snapshot';
import { SceneSections } from './scene-sections';
import { SceneSelection } from './scene-selection';

export interface ExportHooks {
  signal: AbortSignal;
  /** Records to write (rough), for progress. */
  onTotal(total: number): void;
  onProgress(done: number, message: string): void;
}

export interface BundleExporterDeps {
  /** The SQLite database file: the export opens its own read-only connection on it. */
  databaseFile: string;
  /** The scene ids (internal) of a saved search, for playlistId > 0. */
  playlistScenes(playlistId: number): Promise<readonly number[]>;
  /** The owner's options as JSON (the config section's `config` row). */
  optionsJson(): string;
  clock?: () => Date;
  /** Rows per page (EXPORT_PAGE_SIZE); tests use tiny pages to cross page boundaries. */
  pageSize?: number;
}

export interface ExportResult {
  /** Per section: `read` and `added` = records written. */
  tally: TransferTally;
  /** Size of the bundle file in bytes. */
  bytes: number;
}

/** One top-level array of the bundle: its records, or null for an array written empty. */
interface PlannedKey {
  key: string;
  source: AnySectionSource | null;
}

/**
 * Writes a v2.1 content bundle (xbvr-facts §10.1) that the reference reads: its top-level keys in its order,
 * its record keys, Go-style values. The library is read from one snapshot in pages and written as a stream
 * (one page in memory at a time), to `<target>.part` first, renamed to `target` only when complete, so a
 * failed or stopped export leaves no file and an earlier backup untouched.
 *
 * Every key is always written; an excluded section is `[]` (the reference writes [] or null, which it reads
 * alike). `manualSceneMatches` is declared by the reference and never filled, so it is always []. Fovea's own
 * keys follow the reference's: `unmatchedFiles` (with the file links) and `foveaCustomSites` (with the sites).
 */
export class BundleExporter {
  private readonly clock: () => Date;
  private readonly pageSize: number;

  constructor(private readonly deps: BundleExporterDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.pageSize = deps.pageSize ?? EXPORT_PAGE_SIZE;
  }

  async export(options: BundleBackupQuery, target: string, hooks: ExportHooks): Promise<ExportResult> {
    hooks.signal.throwIfAborted();
    const part = `${target}.part`;
    await mkdir(dirname(target), { recursive: true });
    const playlistIds = options.playlistId > 0 ? await this.deps.playlistScenes(options.playlistId) : null;
    const snapshot = new ExportSnapshot(this.deps.databaseFile);
    let stream: WriteStream | null = null;
    try {
      snapshot.begin();
      const plan = await this.plan(snapshot, options, playlistIds);
      hooks.onTotal(plan.reduce((sum, entry) => sum + (entry.source?.total ?? 0), 0));
      const file = createWriteStream(part);
      stream = file;
      const failure = streamFailure(file);
      const tally = await this.write(plan, new BundleJsonWriter(file), hooks, failure);
      file.end();
      await finished(file);
      await snapshot.close();
      hooks.signal.throwIfAborted();
      await rename(part, target);
      return { tally, bytes: file.bytesWritten };
    } catch (error) {
      if (stream) await discard(stream);
      await rm(part, { force: true });
      throw error;
    } finally {
      await snapshot.close();
    }
  }

  private async plan(
    snapshot: ExportSnapshot,
    options: BundleBackupQuery,
    playlistIds: readonly number[] | null,
  ): Promise<PlannedKey[]> {
    const sceneRepo = new BundleExportSceneRepository(snapshot.db);
    const selection = new SceneSelection(
      sceneRepo,
      { enabledSitesOnly: !options.allSites, officialSitesOnly: options.onlyIncludeOfficalSites },
      playlistIds,
      this.pageSize,
    );
    const perScene =
      options.inclScenes ||
      options.inclLinks ||
      options.inclCuepoints ||
      options.inclHistory ||
      options.inclActions;
    const actorRepo = new BundleExportActorRepository(snapshot.db);
    const actorObjects = new ActorObjects(actorRepo);
    const sceneCount = perScene ? await selection.count() : 0;
    const scenes = new SceneSections(sceneRepo, selection, sceneCount, actorObjects, this.pageSize);
    const catalogue = new CatalogueSections(
      new BundleExportCatalogueRepository(snapshot.db),
      actorRepo,
      actorObjects,
      this.pageSize,
    );
    const when = async <T extends AnySectionSource | null>(
      included: boolean,
      source: () => T | Promise<T>,
    ): Promise<T | null> => (included ? source() : null);
    const subset: ExtRefLinkSubset =
      options.extRefSubset === '' || options.extRefSubset === 'all' ? 'all' : options.extRefSubset;
    return [
      {
        key: 'volumes',
        source: await when(options.inclVolumes, () => catalogue.volumes(options.inclConfig)),
      },
      { key: 'playlists', source: await when(options.inclPlaylists, () => catalogue.playlists()) },
      { key: 'sites', source: await when(options.inclSites, () => catalogue.sites()) },
      { key: 'scenes', source: await when(options.inclScenes, () => scenes.scenes()) },
      { key: 'sceneFileLinks', source: await when(options.inclLinks, () => scenes.fileLinks()) },
      { key: 'sceneCuepoints', source: await when(options.inclCuepoints, () => scenes.cuepoints()) },
      { key: 'sceneHistory', source: await when(options.inclHistory, () => scenes.history()) },
      { key: 'actions', source: await when(options.inclActions, () => scenes.actions()) },
      { key: 'akas', source: await when(options.inclActorAkas, () => catalogue.akas()) },
      { key: 'tagGroups', source: await when(options.inclTagGroups, () => catalogue.tagGroups()) },
      {
        key: 'externalReferences',
        source: await when(options.inclExtRefs, () => catalogue.externalReferences(subset)),
      },
      { key: 'manualSceneMatches', source: null },
      { key: 'actors', source: await when(options.inclActors, () => catalogue.actorList()) },
      { key: 'actionActors', source: await when(options.inclActorActions, () => catalogue.actionActors()) },
      // The options JSON holds the player passwords (hashed) and API keys: the screen warns before it is chosen.
      {
        key: 'config',
        source: await when(options.inclConfig, () => catalogue.config(this.deps.optionsJson())),
      },
      { key: 'unmatchedFiles', source: await when(options.inclLinks, () => scenes.unmatchedFiles()) },
      {
        key: 'foveaCustomSites',
        source: await when(options.inclSites, () => customSiteSection(new CustomSiteRepository(snapshot.db))),
      },
    ];
  }

  private async write(
    plan: readonly PlannedKey[],
    writer: BundleJsonWriter,
    hooks: ExportHooks,
    failure: () => Error | null,
  ): Promise<TransferTally> {
    const tally = new TransferTally();
    let done = 0;
    await writer.begin();
    await writer.field('timestamp', this.clock().toISOString());
    await writer.field('bundleVersion', BUNDLE_VERSION);
    for (const { key, source } of plan) {
      await writer.openArray(key);
      if (source) {
        let written = 0;
        for await (const records of source.pages()) {
          for (const record of records) await writer.item(record);
          written += records.length;
          done += records.length;
          // Per-scene groups count their files, cuepoints, sessions or journal entries, as a restore does.
          const items = records.reduce(
            (sum, record) => sum + recordItems({ section: source.section, record } as BundleEntry),
            0,
          );
          tally.count(source.section, 'read', items);
          tally.count(source.section, 'added', items);
          hooks.onProgress(done, `Writing ${key}: ${written} of ${Math.max(written, source.total)}`);
          const error = failure();
          if (error) throw error;
          hooks.signal.throwIfAborted();
          await nextTurn();
        }
      }
      await writer.closeArray();
    }
    await writer.end();
    return tally;
  }
}

/** The stream's error, once it had one (an unheard 'error' event would end the process). */
function streamFailure(stream: WriteStream): () => Error | null {
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  return () => failure;
}

/** Stops a write stream and waits until its file is closed (so removing it afterwards leaves nothing). */
async function discard(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  stream.destroy();
  await closed;
}
