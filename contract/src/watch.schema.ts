import { z } from 'zod';

/** Longest clip position a report may name, in seconds (about 11 days: far past any real video). */
const MAX_POSITION_SECONDS = 1_000_000;
const Seconds = z.number().min(0).max(MAX_POSITION_SECONDS);

/**
 * What the web player saw: `play` (playing began or resumed), `pause`, `seek` (a jump while playing or paused),
 * `progress` (every few seconds while playing, so a closed tab ends its session) and `end` (the clip ended or
 * the player closed).
 */
export const WatchEvent = z.enum(['play', 'pause', 'seek', 'progress', 'end']);
export type WatchEvent = z.infer<typeof WatchEvent>;

/** POST /api/scene/{id}/watch (Fovea only): one event of the web player's watch session. */
export const WatchReportBody = z.object({
  session_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/, 'letters, digits, "-" and "_" only')
    .describe('chosen by the player, one per played file'),
  file_id: z.number().int().positive().describe('the video file playing; it must belong to the scene'),
  event: WatchEvent,
  position: Seconds.describe('the play position in seconds when it happened (after the jump for seek)'),
  from: Seconds.optional().describe('seek only: the position playing had reached before the jump'),
  duration: Seconds.optional().describe("the clip's length as the player knows it (used when not probed)"),
});
export type WatchReportBody = z.infer<typeof WatchReportBody>;

export const WatchReportResponse = z.object({
  active: z.boolean().describe('a session is open for this session_id after the event'),
  history_id: z.number().int().describe('the histories row of the session (0 when none)'),
  played: z.number().describe('seconds played in the session so far'),
});
export type WatchReportResponse = z.infer<typeof WatchReportResponse>;
