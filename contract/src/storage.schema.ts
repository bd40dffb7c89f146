import { z } from 'zod';
import { Timestamp } from './common.schema';
import { UInt } from './fields.schema';
import { DEFAULT_VIDEO_EXT } from './options.schema';

/** Where files live: a local folder or a put.io account. */
export const VolumeType = z.enum(['local', 'putio']);
export type VolumeType = z.infer<typeof VolumeType>;

/** A storage location (`models.Volume`). The counts are filled by GET /api/options/storage only (else 0). */
export const Volume = z.object({
  id: UInt,
  type: VolumeType,
  path: z.string().describe('absolute folder, or "Put.io (<user>)"'),
  metadata: z.string().describe('put.io token; always "" in answers'),
  last_scan: Timestamp.describe('0001-01-01T00:00:00Z = never'),
  is_available: z.boolean().describe('mounted: the path exists and is not empty'),
  file_count: z.number().int().nonnegative(),
  unmatched_count: z.number().int().nonnegative(),
  total_size: z.number().int().nonnegative().describe('bytes'),
});
export type Volume = z.infer<typeof Volume>;

/** A storage location in GET /api/options/storage: the volume with the rows a rescan holds back (Fovea's). */
export const StorageVolume = Volume.extend({
  pending_gone_count: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'rows whose file a rescan found gone (more than half of the folder): kept until removal is confirmed',
    ),
});
export type StorageVolume = z.infer<typeof StorageVolume>;

/** GET /api/options/storage. Volumes ordered by last scan, newest first. */
export const StorageResponse = z.object({
  volumes: z.array(StorageVolume),
  match_ohash: z.boolean(),
  video_ext: z.array(z.string()).describe('the extensions in use (the defaults when none are set)'),
  forbidden_video_ext: z.array(z.string()),
  default_video_ext: z.array(z.string()),
  known_video_ext: z.array(z.string()).describe('the video container extensions video_ext may hold (Fovea)'),
});
export type StorageResponse = z.infer<typeof StorageResponse>;

/**
 * The video container extensions a storage option may name. A file is only served as a video when its
 * extension is one of these, so a storage folder never exposes text, keys or databases as "videos".
 */
export const VIDEO_CONTAINER_EXT = [
  ...DEFAULT_VIDEO_EXT,
  '.m4v',
  '.mp4v',
  '.mk3d',
  '.webm',
  '.qt',
  '.divx',
  '.asf',
  '.flv',
  '.f4v',
  '.mpg',
  '.mpe',
  '.m1v',
  '.m2v',
  '.m2ts',
  '.mts',
  '.m2t',
  '.ts',
  '.tp',
  '.trp',
  '.vob',
  '.evo',
  '.ogv',
  '.ogm',
  '.3gp',
  '.3g2',
  '.rm',
  '.rmvb',
  '.mxf',
  '.dv',
  '.nut',
  '.wtv',
  '.insv',
] as const;

const CONTAINERS: ReadonlySet<string> = new Set(VIDEO_CONTAINER_EXT);

/** Whether a normalised extension (see normalizeVideoExt) is a known video container. */
export const isVideoContainerExt = (ext: string): boolean => CONTAINERS.has(ext);

/**
 * Normalises a video extension as the server stores it: lowercase, with a leading dot, `^\.[a-z0-9]+$`.
 * Returns null when the text cannot be one.
 */
export function normalizeVideoExt(ext: string): string | null {
  const trimmed = ext.trim().toLowerCase();
  const withDot = trimmed.startsWith('.') ? trimmed : `.${trimmed}`;
  return /^\.[a-z0-9]+$/.test(withDot) ? withDot : null;
}

/**
 * PUT /api/options/storage. The server reads `match_ohash` and `video_ext` (normalised with
 * normalizeVideoExt, forbidden extensions dropped); the UI also sends the two read-only lists back, and
 * `volumes` may come along. Answer: StorageUpdateResponse.
 */
export const StorageUpdateBody = z.object({
  match_ohash: z.boolean(),
  video_ext: z
    .array(
      z
        .string()
        .max(32)
        .refine((ext) => normalizeVideoExt(ext) !== null, { message: 'an extension such as .mp4' }),
    )
    .max(VIDEO_CONTAINER_EXT.length * 2)
    .superRefine((list, ctx) => {
      const refused = [
        ...new Set(
          list.flatMap((text) => {
            const ext = normalizeVideoExt(text);
            return ext === null || isVideoContainerExt(ext) ? [] : [ext];
          }),
        ),
      ];
      if (refused.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `not a video container: ${refused.join(', ')} (known_video_ext lists the ones allowed)`,
        });
      }
    }),
  forbidden_video_ext: z.array(z.string().max(32)).max(100).optional().describe('ignored'),
  default_video_ext: z.array(z.string().max(32)).max(100).optional().describe('ignored'),
  known_video_ext: z.array(z.string().max(32)).max(100).optional().describe('ignored'),
  volumes: z.array(z.unknown()).max(10_000).optional().describe('ignored'),
});
export type StorageUpdateBody = z.infer<typeof StorageUpdateBody>;

export const StorageUpdateResponse = z.object({ match_ohash: z.boolean(), video_ext: z.array(z.string()) });
export type StorageUpdateResponse = z.infer<typeof StorageUpdateResponse>;

/**
 * POST /api/options/storage: add a local folder (must be an existing directory) or a put.io account.
 * Answer: empty; the server then publishes state.change.optionsStorage.
 */
export const StorageAddBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('local'), path: z.string().trim().min(1).max(4096) }),
  z.object({ type: z.literal('putio'), token: z.string().trim().min(1).max(1024) }),
]);
export type StorageAddBody = z.infer<typeof StorageAddBody>;

/**
 * POST /api/options/storage/{id}/confirm-gone and /keep-gone (Fovea's): the owner's answer to a rescan that
 * held back the rows of more than half of a folder. Body: an empty JSON object.
 */
export const StorageGoneBody = z.object({}).strict();
export type StorageGoneBody = z.infer<typeof StorageGoneBody>;

/** What the answer did: rows removed (their file is still gone) and rows kept (marked no more). */
export const StorageGoneResponse = z.object({ removed: UInt, kept: UInt });
export type StorageGoneResponse = z.infer<typeof StorageGoneResponse>;
