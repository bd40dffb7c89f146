import { z } from 'zod';
import { MAX_LIST_ITEMS, ShortText } from './fields.schema';

/*
 * The HereSphere player API (/heresphere, xbvr-facts §3.11, user-needs §9.2). Not JSON calls of the route
 * table: plain routes whose answers all carry the header `HereSphere-JSON-Version: 1`. Times (duration, tag
 * start/end) are milliseconds everywhere, in the video data and in /heresphere/scan alike; dates are
 * YYYY-MM-DD (absent when unknown: HereSphere cannot read partial dates).
 */

/** 1 granted, 0 login required, -1 bad login. */
export const HeresphereAccess = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
export type HeresphereAccess = z.infer<typeof HeresphereAccess>;

/** A tag of a video: a plain tag ("Category:Blonde"), or a cuepoint with start/end (ms), track and rating. */
export const HeresphereTag = z.object({
  name: z.string(),
  start: z.number().optional().describe('milliseconds'),
  end: z.number().optional().describe('milliseconds'),
  track: z.number().int().optional(),
  rating: z.number().optional(),
});
export type HeresphereTag = z.infer<typeof HeresphereTag>;

export const HeresphereLibrary = z.object({
  access: HeresphereAccess,
  library: z.array(
    z.object({
      name: z.string(),
      list: z.array(z.string()).nullable().describe('video data URLs; null in the auth failure answer'),
    }),
  ),
});
export type HeresphereLibrary = z.infer<typeof HeresphereLibrary>;

export const HeresphereSource = z.object({
  resolution: z.number().int().describe('frame height; half of it for 360° top-bottom'),
  height: z.number().int(),
  width: z.number().int(),
  size: z.number(),
  url: z.string(),
});
export type HeresphereSource = z.infer<typeof HeresphereSource>;

export const HeresphereMedia = z.object({ name: z.string(), sources: z.array(HeresphereSource) });
export type HeresphereMedia = z.infer<typeof HeresphereMedia>;

export const HeresphereVideo = z.object({
  access: HeresphereAccess,
  title: z.string(),
  description: z.string(),
  thumbnailImage: z.string(),
  thumbnailVideo: z.string().optional(),
  dateReleased: z.string().optional().describe('YYYY-MM-DD'),
  dateAdded: z.string().optional().describe('YYYY-MM-DD'),
  duration: z.number().describe('milliseconds'),
  rating: z.number(),
  isFavorite: z.boolean(),
  projection: z.string(),
  stereo: z.string(),
  fov: z.number(),
  lens: z.string(),
  hsp: z.string().optional(),
  eventServer: z.string().optional(),
  scripts: z.array(z.object({ name: z.string(), url: z.string() })),
  subtitles: z.array(z.object({ name: z.string(), language: z.string(), url: z.string() })),
  tags: z.array(HeresphereTag),
  media: z.array(HeresphereMedia),
  alphaPackedSettings: z.object({ defaultSettings: z.boolean() }).optional(),
  writeFavorite: z.boolean(),
  writeRating: z.boolean(),
  writeTags: z.boolean(),
  writeHSP: z.boolean(),
});
export type HeresphereVideo = z.infer<typeof HeresphereVideo>;

/** The auth failure answer of a video call (no video fields). */
export const HeresphereDenied = z.object({
  access: HeresphereAccess,
  library: HeresphereLibrary.shape.library,
});

export const HeresphereScanEntry = z.object({
  link: z.string(),
  title: z.string(),
  dateReleased: z.string().optional().describe('YYYY-MM-DD'),
  dateAdded: z.string().optional().describe('YYYY-MM-DD'),
  duration: z
    .number()
    .describe('milliseconds, like the video data (stash-vr sends seconds here; Fovea keeps one unit)'),
  rating: z.number(),
  isFavorite: z.boolean(),
  tags: z.array(z.object({ name: z.string() })),
});
export type HeresphereScanEntry = z.infer<typeof HeresphereScanEntry>;

export const HeresphereScan = z.object({ scanData: z.array(HeresphereScanEntry) });
export type HeresphereScan = z.infer<typeof HeresphereScan>;

/**
 * The body HereSphere POSTs to every call: the login, and on a video call the optional write-back fields
 * (applied only when their permission is on) and `needsMediaSource` (false: the player does not need the
 * media, so trailers are not resolved). Unknown keys are ignored.
 */
export const HeresphereRequestBody = z.object({
  username: ShortText.optional(),
  password: ShortText.optional(),
  needsMediaSource: z.boolean().optional(),
  isFavorite: z.boolean().optional(),
  rating: z.number().min(0).max(5).optional(),
  tags: z
    .array(HeresphereTag.extend({ name: ShortText }))
    .max(MAX_LIST_ITEMS)
    .optional(),
  // A .hsp file holds a video's player settings (a few KB); the player body limit is 1 MB.
  hsp: z.string().max(1_000_000).optional().describe('base64 of the .hsp file'),
  deleteFile: z.boolean().optional(),
});
export type HeresphereRequestBody = z.infer<typeof HeresphereRequestBody>;

/** A playback event POSTed to a video's eventServer: 0 open, 1 play, 2 pause, 3 close. */
export const HeresphereEvent = z.object({
  username: ShortText.optional(),
  id: ShortText.optional(),
  title: ShortText.optional(),
  event: z.number().int(),
  time: z.number().optional().describe('position, milliseconds'),
  speed: z.number().optional(),
  utc: z.number().optional(),
  connectionKey: ShortText.optional(),
});
export type HeresphereEvent = z.infer<typeof HeresphereEvent>;
