import { z } from 'zod';

/*
 * DeoVR JSON as the player reads it, written from the field lists of user-needs §9.1 and xbvr-facts §3.10
 * (not from Fovea's code), strict: an unknown key or a wrong type fails the test.
 */

const Url = z.string().regex(/^https?:\/\/[^/]+\//, 'an absolute http(s) URL');
const UrlOrEmpty = z.union([z.literal(''), Url]);

export const DeoLibraryItemSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  title: z.string(),
  videoLength: z.number().int().nonnegative(),
  thumbnailUrl: UrlOrEmpty,
  video_url: Url,
});

export const DeoLibrarySchema = z.strictObject({
  authorized: z.literal('1'),
  scenes: z.array(z.strictObject({ name: z.string().min(1), list: z.array(DeoLibraryItemSchema) })),
});

export const DeoDeniedSchema = z.strictObject({
  authorized: z.enum(['0', '-1']),
  scenes: z.tuple([z.strictObject({ name: z.enum(['Login Required', 'Login Failed']), list: z.null() })]),
});

const EncodingSchema = z.strictObject({
  name: z.string().min(1),
  videoSources: z.array(
    z.strictObject({
      resolution: z.number().int().nonnegative(),
      height: z.number().int().nonnegative(),
      width: z.number().int().nonnegative(),
      size: z.number().int().nonnegative(),
      url: Url,
    }),
  ),
});

const Flag = z.union([z.boolean(), z.enum(['true', 'false'])]);

export const DeoVideoSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  authorized: z.literal(1),
  description: z.string(),
  date: z.number().int().nonnegative(),
  paysite: z.strictObject({ id: z.number().int(), name: z.string(), is3rdParty: z.boolean() }),
  isFavorite: z.boolean(),
  isScripted: z.boolean(),
  isWatchlist: z.boolean(),
  is3d: z.boolean(),
  thumbnailUrl: UrlOrEmpty,
  videoThumbnail: Url.optional(),
  videoPreview: Url.optional(),
  rating_avg: z.number().min(0).max(5),
  screenType: z.enum([
    'dome',
    'sphere',
    'flat',
    'mkx200',
    'mkx220',
    'vrca220',
    'fisheye',
    'fisheye190',
    'rf52',
  ]),
  stereoMode: z.enum(['sbs', 'tb', 'off']),
  videoLength: z.number().int().nonnegative(),
  skipIntro: z.number().optional(),
  encodings: z.array(EncodingSchema),
  encodings_spatial: z.array(EncodingSchema),
  timeStamps: z.array(z.strictObject({ ts: z.number().int().nonnegative(), name: z.string() })),
  actors: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  categories: z.array(z.strictObject({ tag: z.strictObject({ id: z.number().int(), name: z.string() }) })),
  fleshlight: z.array(z.strictObject({ title: z.string(), url: Url })),
  hsp: z.array(z.strictObject({ title: z.string(), url: Url })),
  chromakey: z
    .strictObject({
      enabled: Flag,
      hasAlpha: Flag,
      h: z.number(),
      opacity: z.number(),
      s: z.number(),
      threshold: z.number(),
      v: z.number(),
    })
    .optional(),
  fullVideoReady: z.literal(true),
  fullAccess: z.literal(true),
});
