import { z } from 'zod';

/** GET /api/library/summary: the library's size at a glance (an addition to the reference API). */
export const LibrarySummary = z.object({
  /** Catalogue scenes, hidden ones included. */
  scenes: z.number().int().nonnegative(),
  /** Scenes with a video file on a mounted volume, not hidden (the scene list's default "available"). */
  available_scenes: z.number().int().nonnegative(),
  /** Performers, aka groups not counted. */
  actors: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  /** Files of any type not matched to a scene (the Files screen's default filter). */
  unmatched_files: z.number().int().nonnegative(),
});
export type LibrarySummary = z.infer<typeof LibrarySummary>;
