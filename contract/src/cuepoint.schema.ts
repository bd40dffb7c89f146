import { z } from 'zod';
import { CUEPOINT_TIME_MAX_SECONDS } from './constants';
import { UInt } from './fields.schema';

/**
 * A cuepoint of a scene (`models.SceneCuepoint`). `track` null (or absent) is a simple cuepoint; a number is a
 * HereSphere multi-track cuepoint, which also has an end time. Names look like "standing-blowjob".
 */
export const Cuepoint = z.object({
  id: UInt,
  track: UInt.nullable().optional().describe('null or absent = simple cuepoint; a number = HereSphere track'),
  name: z.string(),
  time_start: z.number().nonnegative().describe('seconds'),
  time_end: z.number().nonnegative().nullable().optional().describe('seconds; absent (or null) when none'),
  rating: z.number(),
  is_hsp: z.string().optional().describe('always ""; the UI derives it from track'),
});
export type Cuepoint = z.infer<typeof Cuepoint>;

/** The refusal of an end time that is not after the start time (the web form shows the same). */
export const CUEPOINT_END_AFTER_START = 'End time must be after start time';

const CuepointTime = z.number().min(0).max(CUEPOINT_TIME_MAX_SECONDS);

/**
 * POST /api/scene/{id}/cuepoint. Rules (library-spec §5): the track is optional; an end time is only valid with a
 * track ('End Time is only valid for HSP Cuepoints'); with a track the end time is required ('Specify a End
 * Time') and after the start ('End time must be after start time'). Times go up to 5 hours; the server also rejects times past the end of the
 * scene's video when its files have durations. Answer: the scene.
 */
export const CuepointBody = z
  .object({
    track: UInt.nullable().default(null),
    name: z.string({ error: 'a name is required' }).max(1_000).trim().min(1, 'a name is required'),
    time_start: CuepointTime.describe('seconds'),
    time_end: CuepointTime.nullable().default(null).describe('seconds; only with a track (0 = none)'),
    rating: z.number().min(0).max(5).default(0),
  })
  .superRefine((body, ctx) => {
    const hasEnd = body.time_end !== null && body.time_end > 0;
    if (body.track === null && hasEnd) {
      ctx.addIssue({
        code: 'custom',
        path: ['time_end'],
        message: 'End Time is only valid for HSP Cuepoints',
      });
    }
    if (body.track !== null && !hasEnd) {
      ctx.addIssue({ code: 'custom', path: ['time_end'], message: 'Specify a End Time' });
    }
    if (body.track !== null && hasEnd && body.time_end !== null && body.time_end <= body.time_start) {
      ctx.addIssue({ code: 'custom', path: ['time_end'], message: CUEPOINT_END_AFTER_START });
    }
  });
export type CuepointBody = z.infer<typeof CuepointBody>;

/** DELETE /api/scene/{id}/cuepoint/{cuepointId}. Answer: the scene. */
export const CuepointDeleteParams = z.object({
  id: z.coerce.number().int().nonnegative(),
  cuepointId: z.coerce.number().int().nonnegative(),
});
export type CuepointDeleteParams = z.infer<typeof CuepointDeleteParams>;

/** GET /api/options/cuepoints: the vocabulary; both lists must be arrays (the UI prepends an empty entry). */
export const CuepointVocabulary = z.object({
  positions: z.array(z.string()),
  actions: z.array(z.string()),
});
export type CuepointVocabulary = z.infer<typeof CuepointVocabulary>;
