import type { BundleRestoreOptions, BundleSection } from '@fovea/contract';
import type { SpooledBundle } from '../spooled-bundle';
import type { TransferTally } from '../transfer-tally';

/** What every section applier gets from the restore that runs it. */
export interface ApplyContext {
  options: BundleRestoreOptions;
  tally: TransferTally;
  /** Aborted when the server shuts down: stop between batches (throw via throwIfAborted). */
  signal: AbortSignal;
  /** Reports records applied so far in a section, after each committed batch. */
  progress(section: BundleSection, done: number): void;
  /** Internal ids of scenes whose files, cuepoints, history or cast changed: their status is recomputed at the end. */
  touchedScenes: Set<number>;
}

/**
 * Applies some sections of a spooled bundle, in batches: each batch is one transaction and leaves the database
 * consistent (a scene goes in with its tags and cast, never half). Records are matched by natural keys, never by
 * the bundle's ids; `options.overwrite` decides whether an existing row is replaced or left alone.
 */
export interface SectionApplier {
  readonly sections: readonly BundleSection[];
  apply(bundle: SpooledBundle, context: ApplyContext): Promise<void>;
}

/** The include switch that lets each section in (xbvr-facts §10.1). */
export const SECTION_SWITCH: Record<BundleSection, keyof BundleRestoreOptions> = {
  volumes: 'inclVolumes',
  playlists: 'inclPlaylists',
  sites: 'inclSites',
  scenes: 'inclScenes',
  sceneFileLinks: 'inclLinks',
  unmatchedFiles: 'inclLinks',
  sceneCuepoints: 'inclCuepoints',
  sceneHistory: 'inclHistory',
  actions: 'inclActions',
  akas: 'inclActorAkas',
  tagGroups: 'inclTagGroups',
  externalReferences: 'inclExtRefs',
  actors: 'inclActors',
  actionActors: 'inclActorActions',
  config: 'inclConfig',
  foveaCustomSites: 'inclSites',
};

/**
 * The order sections are applied in: what others point at first. Custom sites follow `sites`, so a custom site
 * finds its main site, and its `sites` row (restored with its switches) is taken over by its definition.
 */
export const APPLY_ORDER: readonly BundleSection[] = [
  'config',
  'volumes',
  'sites',
  'foveaCustomSites',
  'actors',
  'scenes',
  'sceneFileLinks',
  'unmatchedFiles',
  'sceneCuepoints',
  'sceneHistory',
  'actions',
  'actionActors',
  'akas',
  'tagGroups',
  'playlists',
  'externalReferences',
];
