/*
 * Attribute filter values of the scene list (xbvr-facts §4.4) and the actor list (xbvr-wire §3.3).
 * GET /api/scene/filters and GET /api/actor/filters return the fixed entries in this order followed by the
 * dynamic ones; list requests carry them with an optional `&` or `!` prefix.
 */

/** The rating attributes: "Rating 0", "Rating .5", "Rating 1", ... "Rating 5". */
export const RATING_ATTRIBUTES = [
  'Rating 0',
  'Rating .5',
  'Rating 1',
  'Rating 1.5',
  'Rating 2',
  'Rating 2.5',
  'Rating 3',
  'Rating 3.5',
  'Rating 4',
  'Rating 4.5',
  'Rating 5',
] as const;

/** Fixed scene attributes, in the order the filters endpoint lists them. */
export const SCENE_ATTRIBUTES = [
  'Multiple Video Files',
  'Single Video File',
  'Multiple Script Files',
  'Single Script File',
  'Has Hsp File',
  'Has Subtitles File',
  'Is Favourite',
  'Is Scripted',
  'Missing',
  'Is Passthrough',
  'Is Alpha Passthrough',
  'In Watchlist',
  'In Wishlist',
  'Has Rating',
  'Has Cuepoints',
  'Has Simple Cuepoints',
  'Has HSP Cuepoints',
  'In Trailer List',
  'Has Preview',
  'Has Subscription',
  ...RATING_ATTRIBUTES,
  'Cast 1',
  'Cast 2',
  'Cast 3',
  'Cast 4',
  'Cast 5',
  'Cast 6+',
  'No Actor/Cast',
  'Flat video',
  'FOV: 180°',
  'FOV: 190°',
  'FOV: 200°',
  'FOV: 220°',
  'FOV: 360°',
  'Projection Perspective',
  'Projection Equirectangular',
  'Projection Equirectangular360',
  'Projection Fisheye',
  'Mono',
  'Top/Bottom',
  'Side by Side',
  'MKX200',
  'MKX220',
  'VRCA220',
  'Has No Cup Size',
  'Has AA Cup Size',
  'Has A Cup Size',
  'Has B Cup Size',
  'POVR Scraper',
  'SLR Scraper',
  'Has Image',
  'VRPHub Scraper',
  'VRPorn Scraper',
  'RealVR Scraper',
  'Stashdb Linked',
  'Has Script Download',
  'Has AI Generated Script',
  'Has Human Generated Script',
  'Has Favourite Actor',
  'Has Actor in Watchlist',
  'Available from Alternate Sites',
  'Available from POVR',
  'Available from VRPorn',
  'Available from RealVR',
  'Available from SLR',
  'Multiple Scenes Available at an Alternate Site',
] as const;
export type SceneAttribute = (typeof SCENE_ATTRIBUTES)[number];

/** Dynamic scene attributes: `Resolution 8K`, `Frame Rate 60 fps`, `Codec hevc`. */
export const RESOLUTION_ATTRIBUTE_RE = /^Resolution (\d+)K$/;
export const FRAME_RATE_ATTRIBUTE_RE = /^Frame Rate (\d+) fps$/;
export const CODEC_ATTRIBUTE_RE = /^Codec (.+)$/;

/**
 * The "K" class of a video: (width x (2 for top/bottom projections) + 500) / 1000, rounded down. One formula
 * for both the filter list and the filter query (the reference system used two that disagree).
 */
export function resolutionK(videoWidth: number, projection: string): number {
  const factor = projection.endsWith('_tb') ? 2 : 1;
  return Math.floor((videoWidth * factor + 500) / 1000);
}

export const resolutionAttribute = (k: number): string => `Resolution ${k}K`;
export const frameRateAttribute = (fps: number): string => `Frame Rate ${fps} fps`;
export const codecAttribute = (codec: string): string => `Codec ${codec}`;

export type ParsedSceneAttribute =
  | { kind: 'fixed'; name: SceneAttribute }
  | { kind: 'resolution'; k: number }
  | { kind: 'frameRate'; fps: number }
  | { kind: 'codec'; codec: string };

const SCENE_ATTRIBUTE_SET: ReadonlySet<string> = new Set(SCENE_ATTRIBUTES);

/** Classifies an attribute name (without its prefix); null when it is not one the server knows. */
export function parseSceneAttribute(name: string): ParsedSceneAttribute | null {
  if (SCENE_ATTRIBUTE_SET.has(name)) return { kind: 'fixed', name: name as SceneAttribute };
  const resolution = RESOLUTION_ATTRIBUTE_RE.exec(name);
  if (resolution?.[1] !== undefined) return { kind: 'resolution', k: Number(resolution[1]) };
  const frameRate = FRAME_RATE_ATTRIBUTE_RE.exec(name);
  if (frameRate?.[1] !== undefined) return { kind: 'frameRate', fps: Number(frameRate[1]) };
  const codec = CODEC_ATTRIBUTE_RE.exec(name);
  if (codec?.[1] !== undefined) return { kind: 'codec', codec: codec[1] };
  return null;
}

/** Fixed actor attributes (xbvr-wire §3.3), in order. */
export const ACTOR_ATTRIBUTES = [
  'Is Favourite',
  'In Watchlist',
  'Has Rating',
  ...RATING_ATTRIBUTES,
  'Has Stashdb Link',
  'SLR Scraper',
  'VRPorn Scraper',
  'Has Tattoo',
  'Has Piercing',
  'Aka Group',
  'Possible Aka',
  'In An Aka Group',
  'Multiple Stashdb Links',
  'Has Image',
  'No Cup Size',
] as const;
export type ActorAttribute = (typeof ACTOR_ATTRIBUTES)[number];

/** Prefixes of the generated actor attributes, e.g. "Cup Size D", "Nationality Czechia". */
export const ACTOR_ATTRIBUTE_PREFIXES = {
  cupSize: 'Cup Size ',
  hairColor: 'Hair Color ',
  eyeColor: 'Eye Color ',
  nationality: 'Nationality ',
  ethnicity: 'Ethnicity ',
  breastType: 'Breast Type ',
  gender: 'Gender ',
} as const;
export type ActorAttributeField = keyof typeof ACTOR_ATTRIBUTE_PREFIXES;

export type ParsedActorAttribute =
  { kind: 'fixed'; name: ActorAttribute } | { kind: 'field'; field: ActorAttributeField; value: string };

const ACTOR_ATTRIBUTE_SET: ReadonlySet<string> = new Set(ACTOR_ATTRIBUTES);

/** Classifies an actor attribute name (without its prefix); null when unknown. */
export function parseActorAttribute(name: string): ParsedActorAttribute | null {
  if (ACTOR_ATTRIBUTE_SET.has(name)) return { kind: 'fixed', name: name as ActorAttribute };
  for (const [field, prefix] of Object.entries(ACTOR_ATTRIBUTE_PREFIXES) as [ActorAttributeField, string][]) {
    if (name.startsWith(prefix) && name.length > prefix.length) {
      return { kind: 'field', field, value: name.slice(prefix.length) };
    }
  }
  return null;
}
