import { z } from 'zod';
import type { CronOptions, ScheduleKey, ScheduleOptions } from './options.schema';

/*
 * POST /api/options/task-schedule: the flat 42-key body (xbvr-wire §1.10). For each task prefix p the keys
 * {p}Enabled, {p}HourInterval, {p}UseRange, {p}MinuteStart, {p}HourStart, {p}HourEnd and {p}StartDelay.
 * {p}HourEnd may be 24-47 when the time window crosses midnight. Saved only; a restart applies them.
 * The answer echoes the body.
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

const fieldSchemas = {
  Enabled: z.boolean(),
  HourInterval: z.number().int().min(1).max(23).describe('hours between runs'),
  UseRange: z.boolean(),
  MinuteStart: z.number().int().min(0).max(60),
  HourStart: z.number().int().min(0).max(23),
  HourEnd: z.number().int().min(0).max(47).describe('24-47 = next day'),
  StartDelay: z.number().int().min(0).max(60).describe('minutes after start-up to run once; 0 = none'),
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

/** Every key required; with a time window the window spans at most 23 hours and does not end before it starts. */
export const TaskScheduleBody = z.object(shape).superRefine((body, ctx) => {
  for (const prefix of SCHEDULE_PREFIXES) {
    if (!body[`${prefix}UseRange`]) continue;
    const start = body[`${prefix}HourStart`];
    const end = body[`${prefix}HourEnd`];
    if (end < start || end - start > 23) {
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
  const entry = (prefix: SchedulePrefix): ScheduleOptions => ({
    enabled: body[`${prefix}Enabled`],
    hourInterval: body[`${prefix}HourInterval`],
    useRange: body[`${prefix}UseRange`],
    minuteStart: body[`${prefix}MinuteStart`],
    hourStart: body[`${prefix}HourStart`],
    hourEnd: body[`${prefix}HourEnd`],
    runAtStartDelay: body[`${prefix}StartDelay`],
  });
  return {
    rescrapeSchedule: entry('rescrape'),
    rescanSchedule: entry('rescan'),
    previewSchedule: entry('preview'),
    actorRescrapeSchedule: entry('actorRescrape'),
    stashdbRescrapeSchedule: entry('stashdbRescrape'),
    linkScenesSchedule: entry('linkScenes'),
  };
}
