/*
 * The reference web UI as a client (xbvr-wire.md): the request bodies its screens send, exactly as given there,
 * and a checker for the keys it reads from the answers. Used by reference-ui-client.test.ts.
 */

/**
 * The keys the reference UI reads, as dotted paths. `key` must be present (any value, null included);
 * `key[]` must be an array (never null); `key?[]` may be null or an array. Paths run through arrays: in
 * `scenes[].cast[]` every scene must carry `cast` as an array. A leading `[]` is an answer that is an array.
 */
export type Reads = readonly string[];

interface Step {
  key: string;
  array: boolean;
  nullable: boolean;
}

function parsePath(path: string): Step[] {
  return path.split('.').map((part) => {
    const match = /^([^[?]*)(\?)?(\[\])?$/.exec(part);
    if (!match) throw new Error(`bad read path ${path}`);
    return { key: match[1] ?? '', nullable: match[2] === '?', array: match[3] === '[]' };
  });
}

/** Every way the answer breaks a path the UI reads, as "path: problem" lines (none = fine). */
export function missingReads(answer: unknown, reads: Reads): string[] {
  const problems: string[] = [];
  for (const path of reads) walk(answer, parsePath(path), path, '', problems);
  return problems;
}

function walk(value: unknown, steps: Step[], path: string, at: string, problems: string[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  let here: unknown = value;
  let where = at;
  if (step.key !== '') {
    if (typeof value !== 'object' || value === null || !(step.key in value)) {
      problems.push(`${path}: no ${where}${step.key}`);
      return;
    }
    here = (value as Record<string, unknown>)[step.key];
    where = `${at}${step.key}`;
  }
  if (!step.array) {
    walk(here, rest, path, `${where}.`, problems);
    return;
  }
  if (here === null && step.nullable) return;
  if (!Array.isArray(here)) {
    problems.push(
      `${path}: ${where || 'the answer'} is ${here === null ? 'null' : typeof here}, not an array`,
    );
    return;
  }
  here.forEach((item, index) => walk(item, rest, path, `${where}[${index}].`, problems));
}

export type Ids = Record<string, number | string>;

export interface WireCall {
  /** The wire section and the reference UI file that makes the call. */
  ui: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `{name}` is replaced by ids[name]. */
  url: string;
  body?: (ids: Ids) => unknown;
  /** The keys the UI reads ([] = the UI ignores the answer; any 200 will do). */
  reads: Reads;
  /** Keeps ids from the answer for later calls. */
  keep?: (answer: unknown, ids: Ids) => void;
}

/** The numeric id of an answered object. */
export const idOf = (answer: unknown) => (answer as { id: number }).id;

/** The reference Scene keys its screens read (xbvr-wire §2.1), with the lists it iterates unchecked. */
export const SCENE_READS: Reads = [
  'id',
  'scene_id',
  'title',
  'site',
  'scraper_id',
  'cover_url',
  'images',
  'scene_url',
  'members_url',
  'synopsis',
  'release_date',
  'duration',
  'star_rating',
  'favourite',
  'watchlist',
  'wishlist',
  'trailerlist',
  'is_watched',
  'is_hidden',
  'is_available',
  'is_scripted',
  'is_subscribed',
  'is_multipart',
  'needs_update',
  'has_preview',
  'trailer_source',
  'filenames_arr',
  'studio',
  'release_date_text',
  'tags[]',
  'tags[].name',
  'cast[]',
  'cast[].id',
  'cast[].name',
  'cast[].image_url',
  'cast[].birth_date',
  'file?[]',
  'file?[].type',
  'file?[].filename',
  'file?[].projection',
  'cuepoints?[]',
  'history?[]',
];

/** The same keys under a prefix, e.g. `scenes[].` for the scene list. */
export const under = (prefix: string, reads: Reads): Reads => reads.map((path) => `${prefix}${path}`);

/** The reference Actor keys (xbvr-wire §3.1); `scenes` must be an array in list and detail answers. */
export const ACTOR_READS: Reads = [
  'id',
  'name',
  'count',
  'avail_count',
  'image_url',
  'image_arr',
  'star_rating',
  'favourite',
  'watchlist',
  'birth_date',
  'nationality',
  'ethnicity',
  'eye_color',
  'hair_color',
  'height',
  'weight',
  'cup_size',
  'band_size',
  'waist_size',
  'hip_size',
  'breast_type',
  'start_year',
  'end_year',
  'tattoos',
  'piercings',
  'biography',
  'aliases',
  'gender',
  'urls',
  'scene_rating_average',
  'scenes[]',
  'scenes[].id',
  'scenes[].is_available',
];

/** store/optionsWeb.js: the flat `web` object with its 21 keys (xbvr-wire §1.4). */
export const WEB_BODY = {
  tagSort: 'by-tag-count',
  sceneHidden: true,
  sceneWatchlist: true,
  sceneFavourite: true,
  sceneWishlist: true,
  sceneWatched: false,
  sceneEdit: false,
  sceneDuration: false,
  sceneCuepoint: true,
  showHspFile: true,
  showSubtitlesFile: true,
  sceneTrailerlist: true,
  showScriptHeatmap: false,
  showAllHeatmaps: false,
  showOpenInNewWindow: true,
  updateCheck: true,
  isAvailOpacity: 40,
  sceneCardAspectRatio: '1:1',
  sceneCardScaleToFit: true,
  actorCardAspectRatio: '1:1',
  actorCardScaleToFit: true,
};

/** store/optionsDeoVR.js: `{...deovr, ...heresphere, ...players}` plus the UI-only boundIp (§1.5). */
export const DEOVR_BODY = {
  enabled: true,
  auth_enabled: false,
  render_heatmaps: false,
  track_watch_time: true,
  remote_enabled: false,
  username: '',
  password: '',
  boundIp: ['http://192.168.1.5:9999/'],
  allow_file_deletes: false,
  allow_rating_updates: false,
  allow_favorite_updates: false,
  allow_tag_updates: false,
  allow_cuepoint_updates: false,
  allow_watchlist_updates: false,
  allow_hsp_data: false,
  multitrack_cuepoints: true,
  multitrack_cast_cuepoints: true,
  retain_non_hsp_cuepoints: false,
  video_sort_seq: '',
  script_sort_seq: '',
  subtitle_sort_seq: '',
};

/** store/optionsAdvanced.js before it has loaded the collector configs (§1.7, §11.3). */
export const ADVANCED_BODY = {
  showInternalSceneId: false,
  showHSPApiLink: false,
  showSceneSearchField: false,
  stashApiKey: '',
  scraperProxy: '',
  scrapeActorAfterScene: true,
  useImperialEntry: false,
  linkScenesAfterSceneScraping: true,
  useAltSrcInFileMatching: true,
  useAltSrcInScriptFilters: true,
  autoLimitScraping: false,
  ignoreReleasedBefore: null,
  collectorConfigs: null,
};
export const ADVANCED_KEYS = Object.keys(ADVANCED_BODY).filter((key) => key !== 'collectorConfigs');

/** store/sceneList.js on first load: dlState "available" (§2.3). */
export const SCENE_LIST_BODY = {
  dlState: 'available',
  cardSize: '2',
  lists: [],
  isAvailable: true,
  isAccessible: true,
  isHidden: false,
  isWatched: null,
  releaseMonth: '',
  cast: [],
  sites: [],
  tags: [],
  cuepoint: [],
  attributes: [],
  volume: 0,
  sort: 'release_desc',
  offset: 0,
  limit: 80,
};

/** store/actorList.js with every slider untouched (§3.2). */
export const ACTOR_LIST_BODY = {
  dlState: 'available',
  cardSize: '2',
  lists: [],
  cast: [],
  sites: [],
  tags: [],
  attributes: [],
  jumpTo: '',
  min_age: 18,
  max_age: 100,
  min_height: 120,
  max_height: 220,
  min_weight: 25,
  max_weight: 150,
  min_count: 0,
  max_count: 150,
  min_avail: 0,
  max_avail: 150,
  min_rating: 0,
  max_rating: 5,
  min_scene_rating: 0,
  max_scene_rating: 5,
  sort: 'name_asc',
  offset: 0,
  limit: 18,
};

/** The include switches of the backup and restore forms. */
const BUNDLE_SWITCHES = {
  allSites: true,
  onlyIncludeOfficalSites: false,
  inclScenes: true,
  inclHistory: true,
  inclLinks: true,
  inclCuepoints: true,
  inclActions: true,
  inclPlaylists: true,
  inclActorAkas: true,
  inclTagGroups: true,
  inclVolumes: true,
  inclExtRefs: true,
  inclSites: true,
  inclActors: true,
  inclActorActions: true,
  inclConfig: true,
};

/** OptionsSceneDataImportExport.vue's backup query, booleans as ky serialises them (§11.1). */
export const BACKUP_QUERY = new URLSearchParams({
  ...Object.fromEntries(Object.entries(BUNDLE_SWITCHES).map(([key, value]) => [key, String(value)])),
  extRefSubset: '',
  playlistId: '0',
  download: 'true',
}).toString();

/** OptionsSceneDataImportExport.vue's restore body with a file read in the browser (§11.2). */
export const restoreBody = (bundle: unknown) => ({
  ...BUNDLE_SWITCHES,
  extRefSubset: '',
  overwrite: false,
  uploadData: JSON.stringify(bundle),
  bundleUrl: '',
});
