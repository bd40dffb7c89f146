import { z } from 'zod';
import { Timestamp } from './common.schema';
import type { CronOptions, ScheduleKey, ScheduleOptions } from './options.schema';

/*
 * POST /api/options/task-schedule: the flat 42-key body (xbvr-wire §1.10). For each task prefix p the keys
 * {p}Enabled, {p}HourInterval, {p}UseRange, {p}MinuteStart, {p}HourStart, {p}HourEnd and {p}StartDelay.
 * {p}HourEnd may be 24-47 when the time window crosses midnight (an end before the start is read as the next
 * day's hour, as the reference stores it); a start past 23 is clamped to 23 (options-spec §4). Fovea applies a
 * saved schedule at once (the reference needs a restart). The answer echoes the body.
 */

export const SCHEDULE_PREFIXES = [
  'rescrape',
  'rescan',
  'preview',
  'actorRescrape',
  'stashdbRescrape',
  'linkScenes',
] as const;
export type SchedulePrefix = (typeof SCHEDULE_PREFIXES)[number];

/** The config key of each prefix. */
export const SCHEDULE_KEY_BY_PREFIX = {
  rescrape: 'rescrapeSchedule',
  rescan: 'rescanSchedule',
  preview: 'previewSchedule',
  actorRescrape: 'actorRescrapeSchedule',
  stashdbRescrape: 'stashdbRescrapeSchedule',
  linkScenes: 'linkScenesSchedule',
} as const satisfies Record<SchedulePrefix, ScheduleKey>;

/** The slider bounds of options-spec §9. */
export const SCHEDULE_LIMITS = {
  hourInterval: { min: 1, max: 23 },
  /** Hours past midnight; past 23 is the next day. */
  window: { min: 0, max: 48 },
  maxWindowSpan: 23,
  minuteStart: { min: 0, max: 60 },
  startDelay: { min: 0, max: 60 },
} as const;

/** The minute of the hour a task starts at: the reference's slider reaches 60, which no clock shows, read as 59. */
export const scheduleStartMinute = (minuteStart: number): number => Math.min(minuteStart, 59);

/**
 * A time window as stored: the start clamped to 23, an end before the start moved to the next day; null when it
 * spans more than 23 hours.
 */
export function scheduleWindow(
  hourStart: number,
  hourEnd: number,
): { hourStart: number; hourEnd: number } | null {
  const start = Math.min(hourStart, 23);
  const end = hourEnd < start ? hourEnd + 24 : hourEnd;
  if (end - start > SCHEDULE_LIMITS.maxWindowSpan || end > 47) return null;
  return { hourStart: start, hourEnd: end };
}

const fieldSchemas = {
  Enabled: z.boolean(),
  HourInterval: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.hourInterval.min)
    .max(SCHEDULE_LIMITS.hourInterval.max)
    .describe('hours between runs'),
  UseRange: z.boolean(),
  MinuteStart: z.number().int().min(SCHEDULE_LIMITS.minuteStart.min).max(SCHEDULE_LIMITS.minuteStart.max),
  HourStart: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.window.min)
    .max(SCHEDULE_LIMITS.window.max)
    .describe('past 23 is clamped to 23'),
  HourEnd: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.window.min)
    .max(SCHEDULE_LIMITS.window.max)
    .describe('24-47 = next day; below the start = next day'),
  StartDelay: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.startDelay.min)
    .max(SCHEDULE_LIMITS.startDelay.max)
    .describe('minutes after start-up to run once; 0 = none'),
};
type FieldSuffix = keyof typeof fieldSchemas;
const SUFFIXES = Object.keys(fieldSchemas) as FieldSuffix[];

type KeyPair = { [P in SchedulePrefix]: { [S in FieldSuffix]: [P, S] }[FieldSuffix] }[SchedulePrefix];
type TaskScheduleShape = { [T in KeyPair as `${T[0]}${T[1]}`]: (typeof fieldSchemas)[T[1]] };

const shape = Object.fromEntries(
  SCHEDULE_PREFIXES.flatMap((prefix) =>
    SUFFIXES.map((suffix) => [`${prefix}${suffix}`, fieldSchemas[suffix]]),
  ),
) as TaskScheduleShape;

/** Every key required; with a time window the window spans at most 23 hours. */
export const TaskScheduleBody = z.object(shape).superRefine((body, ctx) => {
  for (const prefix of SCHEDULE_PREFIXES) {
    if (!body[`${prefix}UseRange`]) continue;
    if (scheduleWindow(body[`${prefix}HourStart`], body[`${prefix}HourEnd`]) === null) {
      ctx.addIssue({
        code: 'custom',
        path: [`${prefix}HourEnd`],
        message: 'the time window spans at most 23 hours',
      });
    }
  }
});
export type TaskScheduleBody = z.infer<typeof TaskScheduleBody>;

/** The flat body for a set of schedules (the web client builds it from the config). */
export function cronToTaskSchedule(cron: CronOptions): TaskScheduleBody {
  const body: Record<string, number | boolean> = {};
  for (const prefix of SCHEDULE_PREFIXES) {
    const s = cron[SCHEDULE_KEY_BY_PREFIX[prefix]];
    body[`${prefix}Enabled`] = s.enabled;
    body[`${prefix}HourInterval`] = s.hourInterval;
    body[`${prefix}UseRange`] = s.useRange;
    body[`${prefix}MinuteStart`] = s.minuteStart;
    body[`${prefix}HourStart`] = s.hourStart;
    body[`${prefix}HourEnd`] = s.hourEnd;
    body[`${prefix}StartDelay`] = s.runAtStartDelay;
  }
  return body as TaskScheduleBody;
}

/** The schedules a flat body describes (the server stores them in cron). */
export function taskScheduleToCron(body: TaskScheduleBody): CronOptions {
  const entry = (prefix: SchedulePrefix): ScheduleOptions => {
    const window = scheduleWindow(body[`${prefix}HourStart`], body[`${prefix}HourEnd`]);
    return {
      enabled: body[`${prefix}Enabled`],
      hourInterval: body[`${prefix}HourInterval`],
      useRange: body[`${prefix}UseRange`],
      minuteStart: body[`${prefix}MinuteStart`],
      // Without a window the hours are not used; an unusable pair is kept within the stored bounds.
      hourStart: window?.hourStart ?? Math.min(body[`${prefix}HourStart`], 23),
      hourEnd: window?.hourEnd ?? Math.min(body[`${prefix}HourEnd`], 47),
      runAtStartDelay: body[`${prefix}StartDelay`],
    };
  };
  return {
    rescrapeSchedule: entry('rescrape'),
    rescanSchedule: entry('rescan'),
    previewSchedule: entry('preview'),
    actorRescrapeSchedule: entry('actorRescrape'),
    stashdbRescrapeSchedule: entry('stashdbRescrape'),
    linkScenesSchedule: entry('linkScenes'),
  };
}

/** One task's schedule as it stands: GET /api/options/task-schedule/runs (Fovea-only). */
export const TaskScheduleRuns = z.object({
  task: z.enum(SCHEDULE_PREFIXES),
  enabled: z.boolean(),
  /** The next (up to) three run times, soonest first; empty when the task is off. */
  nextRuns: z.array(Timestamp).max(3),
  /** When a scheduled run last started (or was skipped because the task was busy); null before the first. */
  lastRun: Timestamp.nullable(),
  /** A job of this task is queued or running now. */
  busy: z.boolean(),
});
export type TaskScheduleRuns = z.infer<typeof TaskScheduleRuns>;

export const TaskScheduleRunsResponse = z.object({
  /** The server's time zone: windows and minutes are read in it. */
  timeZone: z.string().max(100),
  tasks: z.array(TaskScheduleRuns).max(SCHEDULE_PREFIXES.length),
});
export type TaskScheduleRunsResponse = z.infer<typeof TaskScheduleRunsResponse>;
