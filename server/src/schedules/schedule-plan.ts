import { scheduleStartMinute, scheduleWindow, type ScheduleOptions } from '@fovea/contract';
import { Cron } from 'croner';

/*
 * When a scheduled task runs (xbvr-facts §8.5, options-spec §4 and §9), as a cron pattern croner reads in the
 * server's time zone:
 * - With a time window: at the minute start, in every `hourInterval`-th hour from the window's start to its end
 *   (0-47, past 23 is the next day). A window across midnight is one list of hours: 22-26 every 2 h runs at
 *   22:00, 00:00 and 02:00, the after-midnight hours aligned to the interval as the reference's two ranges are.
 * - Without one: every `hourInterval` hours counted from the task's last scheduled run (or, before the first,
 *   from when it was first scheduled), at the minute start (the reference's "@every Nh" counts from the process
 *   start, so a NAS restarted more often than the interval never runs it; the scheduler keeps both times).
 * The reference's minute slider reaches 60, which no clock shows: 60 is read as 59.
 */

const HOUR_MS = 3600_000;

export interface SchedulePlan {
  /** The croner pattern (5 fields: minute hour day month weekday). */
  pattern: string;
  /** Without a window: the hours between runs, counted from the last run; null with a window. */
  everyHours: number | null;
  /** With a window: its end, as an hour 1-48 past the start day's midnight (exclusive); null without one. */
  windowEndHour: number | null;
}

/**
 * A schedule's window as hours past the start day's midnight (the contract's rule: start clamped to 23, an end
 * below the start is the next day). Stored schedules are validated; one that is not falls back to its start hour.
 */
function windowOf(schedule: ScheduleOptions): { start: number; end: number } {
  const window = scheduleWindow(schedule.hourStart, schedule.hourEnd);
  const start = window?.hourStart ?? Math.min(schedule.hourStart, 23);
  return { start, end: window?.hourEnd ?? start };
}

/** The hours of the day (0-23, ascending) a windowed schedule runs in. */
export function windowHours(schedule: ScheduleOptions): number[] {
  const { start, end } = windowOf(schedule);
  const hours = new Set<number>();
  for (let hour = start; hour <= end; hour += schedule.hourInterval) hours.add(hour % 24);
  return [...hours].sort((a, b) => a - b);
}

export function schedulePlan(schedule: ScheduleOptions): SchedulePlan {
  const minute = scheduleStartMinute(schedule.minuteStart);
  if (!schedule.useRange) {
    return { pattern: `${minute} * * * *`, everyHours: schedule.hourInterval, windowEndHour: null };
  }
  return {
    pattern: `${minute} ${windowHours(schedule).join(',')} * * *`,
    everyHours: null,
    windowEndHour: windowOf(schedule).end + 1,
  };
}

/** A pattern reader that never fires (croner computes times; the scheduler sets its own one-shot timers). */
function patternOf(plan: SchedulePlan): Cron {
  return new Cron(plan.pattern, { paused: true });
}

/** The first time the pattern matches at or after `at` (croner's nextRun is strictly after). */
function matchFrom(cron: Cron, at: Date): Date | null {
  return cron.nextRun(new Date(at.getTime() - 1000));
}

/**
 * The next `count` run times strictly after `now`: `lastRun` is the last scheduled run (or skip), used by a
 * schedule without a window.
 */
export function nextRunTimes(plan: SchedulePlan, now: Date, lastRun: Date | null, count: number): Date[] {
  const cron = patternOf(plan);
  if (plan.everyHours === null) return cron.nextRuns(count, now);
  const stepMs = plan.everyHours * HOUR_MS;
  const runs: Date[] = [];
  const due = lastRun ? new Date(Math.max(lastRun.getTime() + stepMs, now.getTime() + 1000)) : null;
  let next = due ? matchFrom(cron, due) : cron.nextRun(now);
  while (next && runs.length < count) {
    runs.push(next);
    next = matchFrom(cron, new Date(next.getTime() + stepMs));
  }
  return runs;
}

/**
 * The end of the window a run at `runAt` belongs to (for work that stops when its window closes): the window's
 * start day is the day of the run, or the day before for a run past midnight in a window that crosses it.
 */
export function windowEnd(schedule: ScheduleOptions, runAt: Date): Date | null {
  if (!schedule.useRange) return null;
  const { start, end } = windowOf(schedule);
  const startDay = new Date(runAt);
  startDay.setHours(0, 0, 0, 0);
  if (runAt.getHours() < start) startDay.setDate(startDay.getDate() - 1);
  const closes = new Date(startDay);
  closes.setHours(end + 1, 0, 0, 0);
  return closes;
}
