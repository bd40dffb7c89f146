import { z } from 'zod';
import { Timestamp } from './common.schema';
import { UInt } from './fields.schema';

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

/** GET /api/options/storage. Volumes ordered by last scan, newest first. */
export const StorageResponse = z.object({
  volumes: z.array(Volume),
  match_ohash: z.boolean(),
  video_ext: z.array(z.string()).describe('the extensions in use (the defaults when none are set)'),
  forbidden_video_ext: z.array(z.string()),
  default_video_ext: z.array(z.string()),
});
export type StorageResponse = z.infer<typeof StorageResponse>;

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
  video_ext: z.array(
    z.string().refine((ext) => normalizeVideoExt(ext) !== null, { message: 'an extension such as .mp4' }),
  ),
  forbidden_video_ext: z.array(z.string()).optional().describe('ignored'),
  default_video_ext: z.array(z.string()).optional().describe('ignored'),
  volumes: z.array(z.unknown()).optional().describe('ignored'),
});
export type StorageUpdateBody = z.infer<typeof StorageUpdateBody>;

export const StorageUpdateResponse = z.object({ match_ohash: z.boolean(), video_ext: z.array(z.string()) });
export type StorageUpdateResponse = z.infer<typeof StorageUpdateResponse>;

/**
 * POST /api/options/storage: add a local folder (must be an existing directory) or a put.io account.
 * Answer: empty; the server then publishes state.change.optionsStorage.
 */
export const StorageAddBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('local'), path: z.string().trim().min(1) }),
  z.object({ type: z.literal('putio'), token: z.string().trim().min(1) }),
]);
export type StorageAddBody = z.infer<typeof StorageAddBody>;
