import {
  SCHEDULE_KEY_BY_PREFIX,
  SCHEDULE_LIMITS,
  SCHEDULE_PREFIXES,
  scheduleStartMinute,
  scheduleWindow,
} from '@fovea/contract';
import type { CronOptions, ScheduleOptions, SchedulePrefix, TaskScheduleRuns } from '@fovea/contract';

/*
 * The pure parts of Options → Task Schedules: the time window as the range slider holds it (0-48 hours past
 * midnight, at most 23 hours wide, a start past 23 clamped to 23: options-spec §4, §9), clock labels, and the
 * run times of GET /api/options/task-schedule/runs shown in the server's time zone.
 */

/** The schedule of one task in a set of schedules. */
export const scheduleOf = (cron: CronOptions, prefix: SchedulePrefix): ScheduleOptions =>
  cron[SCHEDULE_KEY_BY_PREFIX[prefix]];

/** The set of schedules with one task's schedule changed. */
export function withSchedule(
  cron: CronOptions,
  prefix: SchedulePrefix,
  patch: Partial<ScheduleOptions>,
): CronOptions {
  const key = SCHEDULE_KEY_BY_PREFIX[prefix];
  return { ...cron, [key]: { ...cron[key], ...patch } };
}

const sameSchedule = (a: ScheduleOptions, b: ScheduleOptions) =>
  (Object.keys(a) as (keyof ScheduleOptions)[]).every((key) => a[key] === b[key]);

/** Whether one task's schedule differs between two sets. */
export const scheduleChanged = (a: CronOptions, b: CronOptions, prefix: SchedulePrefix): boolean =>
  !sameSchedule(scheduleOf(a, prefix), scheduleOf(b, prefix));

/** Whether any task's schedule differs between two sets. */
export const cronChanged = (a: CronOptions, b: CronOptions): boolean =>
  SCHEDULE_PREFIXES.some((prefix) => scheduleChanged(a, b, prefix));

/**
 * The window a range slider selection stands for: the start clamped to 23 (scheduleWindow), and, when the clamp
 * made it wider than 23 hours, the end pulled in to 23 hours after the start.
 */
export function windowFromSlider([start, end]: readonly [number, number]): {
  hourStart: number;
  hourEnd: number;
} {
  const hourStart = Math.min(start, 23);
  const hourEnd = Math.max(hourStart, Math.min(end, hourStart + SCHEDULE_LIMITS.maxWindowSpan));
  return scheduleWindow(hourStart, hourEnd) ?? { hourStart, hourEnd: hourStart };
}

/**
 * The slider thumbs for a stored schedule: its window as stored (an end before the start read as the next
 * day's hour); a pair no window can be (only without a window in use) is shown as the widest from its start.
 */
export function sliderWindow(schedule: ScheduleOptions): [number, number] {
  const window = scheduleWindow(schedule.hourStart, schedule.hourEnd);
  if (window) return [window.hourStart, window.hourEnd];
  const start = Math.min(schedule.hourStart, 23);
  return [start, start + SCHEDULE_LIMITS.maxWindowSpan];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An hour past midnight (0-48) as a clock time and how many days after the first it falls: 26 → 02:00, 1. */
export function clockHour(hour: number): { time: string; days: number } {
  return { time: `${pad(hour % 24)}:00`, days: Math.floor(hour / 24) };
}

/** The minute of the hour a task starts at, as the server reads it: the slider's 60 is :59 (no clock has :60). */
export const startMinuteText = (minute: number): string => `:${pad(scheduleStartMinute(minute))}`;

/**
 * A run time as "Sun 29 Nov, 14:05" in the server's time zone (where windows and minutes are read). An unknown
 * time zone name falls back to the browser's.
 */
export function formatRunTime(iso: string, timeZone: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/** The soonest first shown run time still ahead of `now` (ms since epoch), or null: when the list goes stale. */
export function firstUpcomingRun(tasks: readonly TaskScheduleRuns[], now: number): number | null {
  let first: number | null = null;
  for (const task of tasks) {
    const next = task.nextRuns[0];
    if (next === undefined) continue;
    const at = Date.parse(next);
    if (Number.isNaN(at) || at <= now) continue;
    if (first === null || at < first) first = at;
  }
  return first;
}
