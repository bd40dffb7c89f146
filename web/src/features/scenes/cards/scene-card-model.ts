import type { File, Scene, SceneToggleList, WebOptions } from '@fovea/contract';

/** The Web UI options a card reads, resolved once per grid so every card compares them by identity. */
export interface CardOptions {
  hidden: boolean;
  watchlist: boolean;
  favourite: boolean;
  wishlist: boolean;
  trailerlist: boolean;
  watched: boolean;
  edit: boolean;
  duration: boolean;
  cuepoint: boolean;
  hspFile: boolean;
  subtitlesFile: boolean;
  scriptHeatmap: boolean;
  allHeatmaps: boolean;
  openInNewWindow: boolean;
  /** Opacity of a scene that is not available, 0-1 (isAvailOpacity / 100). */
  unavailableOpacity: number;
  /** Cover box width / height. */
  coverRatio: number;
  /** Scale the whole cover into its box (true) or fill the box (false). */
  coverFit: 'contain' | 'cover';
}

const COVER_RATIO: Record<WebOptions['sceneCardAspectRatio'], number> = {
  '1:1': 1,
  '3:2': 3 / 2,
  '16:9': 16 / 9,
};

export function cardOptions(web: WebOptions): CardOptions {
  return {
    hidden: web.sceneHidden,
    watchlist: web.sceneWatchlist,
    favourite: web.sceneFavourite,
    wishlist: web.sceneWishlist,
    trailerlist: web.sceneTrailerlist,
    watched: web.sceneWatched,
    edit: web.sceneEdit,
    duration: web.sceneDuration,
    cuepoint: web.sceneCuepoint,
    hspFile: web.showHspFile,
    subtitlesFile: web.showSubtitlesFile,
    scriptHeatmap: web.showScriptHeatmap,
    allHeatmaps: web.showAllHeatmaps,
    openInNewWindow: web.showOpenInNewWindow,
    unavailableOpacity: web.isAvailOpacity / 100,
    coverRatio: COVER_RATIO[web.sceneCardAspectRatio] ?? 1,
    coverFit: web.sceneCardScaleToFit ? 'contain' : 'cover',
  };
}

/** True when both option sets hold the same values. */
export function sameCardOptions(a: CardOptions, b: CardOptions): boolean {
  return (Object.keys(a) as (keyof CardOptions)[]).every((key) => a[key] === b[key]);
}

/** A flag button of the card, in display order. */
export type CardFlag = Extract<
  SceneToggleList,
  'is_hidden' | 'watchlist' | 'favourite' | 'wishlist' | 'trailerlist' | 'watched'
>;

const hasTrailerSource = (scene: Scene): boolean => scene.trailer_source.trim() !== '';

/**
 * The flag buttons a card shows (library-spec §4, options-spec §2 Web UI): each when its option is on;
 * wishlist only while the scene is not available; trailer list only while it is not available and has a
 * trailer source.
 */
export function visibleFlags(scene: Scene, options: CardOptions): CardFlag[] {
  const flags: CardFlag[] = [];
  if (options.hidden) flags.push('is_hidden');
  if (options.watchlist) flags.push('watchlist');
  if (options.favourite) flags.push('favourite');
  if (options.wishlist && !scene.is_available) flags.push('wishlist');
  if (options.trailerlist && !scene.is_available && hasTrailerSource(scene)) flags.push('trailerlist');
  if (options.watched) flags.push('watched');
  return flags;
}

/** Whether a flag is set on the scene. */
export function flagValue(scene: Scene, flag: CardFlag): boolean {
  switch (flag) {
    case 'is_hidden':
      return scene.is_hidden;
    case 'watched':
      return scene.is_watched;
    default:
      return scene[flag];
  }
}

const hasFileOfType = (scene: Scene, type: File['type']): boolean =>
  scene.file.some((file) => file.type === type);

/** The small indicators of a card, each when its option is on and there is something to show. */
export function cardIndicators(scene: Scene, options: CardOptions) {
  return {
    cuepoints: options.cuepoint ? scene.cuepoints.length : 0,
    hspFile: options.hspFile && hasFileOfType(scene, 'hsp'),
    subtitlesFile: options.subtitlesFile && hasFileOfType(scene, 'subtitles'),
  };
}

/**
 * The script files whose heatmap shows under the card (showScriptHeatmap): the selected script, or the first
 * script, when it has a heatmap; with showAllHeatmaps as well, every script with a heatmap.
 */
export function heatmapFiles(scene: Scene, options: CardOptions): File[] {
  if (!options.scriptHeatmap) return [];
  const scripts = scene.file.filter((file) => file.type === 'script');
  if (options.allHeatmaps) return scripts.filter((file) => file.has_heatmap);
  const chosen = scripts.find((file) => file.is_selected_script) ?? scripts[0];
  return chosen?.has_heatmap === true ? [chosen] : [];
}

export const heatmapUrl = (fileId: number): string => `/api/dms/heatmap/${fileId}`;

/**
 * The address that opens the scene list with this scene's details in a new window: the reference's
 * `?scene_id=<numeric id>` deep link, which the scenes route opens.
 */
export function sceneWindowUrl(sceneId: number, base: string = import.meta.env.BASE_URL): string {
  return `${base}#/?scene_id=${sceneId}`;
}

/** Cast names of the card, without "aka:" group pseudo-actors. */
export function castNames(scene: Scene): string {
  return scene.cast
    .filter((actor) => !actor.name.startsWith('aka:'))
    .map((actor) => actor.name)
    .join(', ');
}

/** The release date as yyyy-mm-dd, or "" when unknown. */
export function releaseDate(scene: Scene): string {
  if (scene.release_date_text !== '') return scene.release_date_text;
  const text = scene.release_date.slice(0, 10);
  return text.startsWith('0001-') ? '' : text;
}

/** The opacity of the card: the option's value for a scene that is not available, else fully opaque. */
export const cardOpacity = (scene: Scene, options: CardOptions): number =>
  scene.is_available ? 1 : options.unavailableOpacity;
