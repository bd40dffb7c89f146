import { z } from 'zod';

/*
 * HereSphere JSON as the players read it, written from the field lists of user-needs §9.2 and xbvr-facts
 * §3.11 (not from Fovea's contract), strict: an unknown key or a wrong type fails the test.
 */

const Access = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates must be YYYY-MM-DD');
const Url = z.string().regex(/^https?:\/\/[^/]+\//, 'an absolute http(s) URL');

export const LibrarySchema = z.strictObject({
  access: Access,
  library: z.array(z.strictObject({ name: z.string().min(1), list: z.array(Url).nullable() })),
});

export const TagSchema = z.strictObject({
  name: z.string().min(1),
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
  track: z.number().int().nonnegative().optional(),
  rating: z.number().min(0).max(5).optional(),
});

const SourceSchema = z.strictObject({
  resolution: z.union([z.number().int(), z.string()]),
  height: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
  size: z.number().nonnegative(),
  url: Url,
});

export const VideoSchema = z.strictObject({
  access: z.literal(1),
  title: z.string(),
  description: z.string(),
  thumbnailImage: z.union([Url, z.literal('')]),
  thumbnailVideo: Url.optional(),
  dateReleased: Day.optional(),
  dateAdded: Day.optional(),
  duration: z.number().nonnegative(),
  rating: z.number().min(0).max(5),
  isFavorite: z.boolean(),
  projection: z.enum(['equirectangular', 'equirectangular360', 'perspective', 'fisheye', 'cubemap']),
  stereo: z.enum(['mono', 'sbs', 'tb']),
  fov: z.number().positive(),
  lens: z.enum(['Linear', 'MKX200', 'MKX220', 'VRCA220']),
  hsp: Url.optional(),
  eventServer: Url.optional(),
  scripts: z.array(z.strictObject({ name: z.string(), url: Url })),
  subtitles: z.array(z.strictObject({ name: z.string(), language: z.string().min(1), url: Url })),
  tags: z.array(TagSchema),
  media: z.array(z.strictObject({ name: z.string(), sources: z.array(SourceSchema) })),
  alphaPackedSettings: z.strictObject({ defaultSettings: z.boolean() }).optional(),
  writeFavorite: z.boolean(),
  writeRating: z.boolean(),
  writeTags: z.boolean(),
  writeHSP: z.boolean(),
});

export const ScanSchema = z.strictObject({
  scanData: z.array(
    z.strictObject({
      link: Url,
      title: z.string(),
      dateReleased: Day.optional(),
      dateAdded: Day.optional(),
      duration: z.number().nonnegative(),
      rating: z.number().min(0).max(5),
      isFavorite: z.boolean(),
      tags: z.array(z.strictObject({ name: z.string().min(1) })),
    }),
  ),
});

export const DeniedSchema = z.strictObject({
  access: z.union([z.literal(0), z.literal(-1)]),
  library: z.tuple([z.strictObject({ name: z.enum(['Login Required', 'Login Failed']), list: z.null() })]),
});
