import { DEFAULT_BUNDLE_OPTIONS, HttpUrl } from '@fovea/contract';
import type { BundleBackupQuery, BundleIncludeKey, BundleRestoreQuery, ExtRefSubset } from '@fovea/contract';
import type { z } from 'zod';

/** The two tabs of the screen; each keeps its own switches. */
export type TransferMode = 'import' | 'export';

/** The sub-tabs of each tab, grouping the include switches by kind of data. */
export const BUNDLE_SUBTABS = ['scene', 'actor', 'settings'] as const;
export type BundleSubtab = (typeof BUNDLE_SUBTABS)[number];

/** The include switches of each sub-tab, in the order shown (options-spec §2 and §3). */
export const SUBTAB_SWITCHES: Readonly<Record<BundleSubtab, readonly BundleIncludeKey[]>> = {
  scene: [
    'inclScenes',
    'inclLinks',
    'inclCuepoints',
    'inclHistory',
    'inclActions',
    'inclPlaylists',
    'inclTagGroups',
    'inclVolumes',
    'inclSites',
    'inclExtRefs',
  ],
  actor: ['inclActors', 'inclActorAkas', 'inclActorActions'],
  settings: ['inclConfig'],
};

/** The external references a bundle carries; '' (the wire's default) means all of them. */
export const EXT_REF_SUBSETS = ['all', 'manual_matched', 'deleted_match'] as const;
export type ShownExtRefSubset = (typeof EXT_REF_SUBSETS)[number];

export const shownExtRefSubset = (value: ExtRefSubset): ShownExtRefSubset => (value === '' ? 'all' : value);

/** Every switch of one tab: what to include, the site scope, the external references and overwrite. */
export type BundleValues = Record<BundleIncludeKey, boolean> & {
  /** Off: only the scenes of sites that are switched on. */
  allSites: boolean;
  /** Leaves out custom sites (named "… (Custom …)"). */
  onlyIncludeOfficalSites: boolean;
  extRefSubset: ExtRefSubset;
  /** Import: replace what is already there. */
  overwrite: boolean;
  /** Export: the saved search whose scenes are exported; 0 = every scene. */
  playlistId: number;
};

/** Import/export defaults (options-spec §9): every include on except settings; overwrite on; every scene. */
export function defaultBundleValues(): BundleValues {
  return {
    allSites: DEFAULT_BUNDLE_OPTIONS.allSites,
    onlyIncludeOfficalSites: DEFAULT_BUNDLE_OPTIONS.onlyIncludeOfficalSites,
    inclScenes: DEFAULT_BUNDLE_OPTIONS.inclScenes,
    inclHistory: DEFAULT_BUNDLE_OPTIONS.inclHistory,
    inclLinks: DEFAULT_BUNDLE_OPTIONS.inclLinks,
    inclCuepoints: DEFAULT_BUNDLE_OPTIONS.inclCuepoints,
    inclActions: DEFAULT_BUNDLE_OPTIONS.inclActions,
    inclPlaylists: DEFAULT_BUNDLE_OPTIONS.inclPlaylists,
    inclActorAkas: DEFAULT_BUNDLE_OPTIONS.inclActorAkas,
    inclTagGroups: DEFAULT_BUNDLE_OPTIONS.inclTagGroups,
    inclVolumes: DEFAULT_BUNDLE_OPTIONS.inclVolumes,
    inclExtRefs: DEFAULT_BUNDLE_OPTIONS.inclExtRefs,
    inclSites: DEFAULT_BUNDLE_OPTIONS.inclSites,
    inclActors: DEFAULT_BUNDLE_OPTIONS.inclActors,
    inclActorActions: DEFAULT_BUNDLE_OPTIONS.inclActorActions,
    inclConfig: DEFAULT_BUNDLE_OPTIONS.inclConfig,
    extRefSubset: DEFAULT_BUNDLE_OPTIONS.extRefSubset,
    overwrite: DEFAULT_BUNDLE_OPTIONS.overwrite,
    playlistId: 0,
  };
}

type SharedOptions = Omit<BundleValues, 'overwrite' | 'playlistId'>;

function sharedOptions(values: BundleValues): SharedOptions {
  const { overwrite: _overwrite, playlistId: _playlistId, ...shared } = values;
  return shared;
}

/** Booleans as a query string carries them ("true"/"false"), other values as they are. */
type AsQuery<T> = { [K in keyof T]: T[K] extends boolean ? 'true' | 'false' : T[K] };

function asQuery<T extends object>(values: T): AsQuery<T> {
  const entries = Object.entries(values).map(([key, value]: [string, unknown]) => [
    key,
    typeof value === 'boolean' ? String(value) : value,
  ]);
  return Object.fromEntries(entries) as AsQuery<T>;
}

/** The options of a restore as the wire's JSON body has them: include switches, site scope, overwrite. */
export function restoreOptions(values: BundleValues): SharedOptions & { overwrite: boolean } {
  return { ...sharedOptions(values), overwrite: values.overwrite };
}

/** The same options as the query of a restore whose body is the bundle file itself. */
export function restoreQuery(values: BundleValues): z.input<typeof BundleRestoreQuery> {
  return asQuery(restoreOptions(values));
}

/** The query of a backup (without download, which the call adds). */
export function backupQuery(values: BundleValues): z.input<typeof BundleBackupQuery> {
  return { ...asQuery(sharedOptions(values)), playlistId: values.playlistId };
}

/** A bundle URL must parse as an http(s) URL (the server's own rule). */
export function isBundleUrl(text: string): boolean {
  return HttpUrl.safeParse(text.trim()).success;
}
