import { DEFAULT_OPTIONS, type ScheduleOptions } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { nextRunTimes, schedulePlan, windowEnd, windowHours } from '../../src/schedules/schedule-plan';

const base: ScheduleOptions = DEFAULT_OPTIONS.cron.rescanSchedule;
const schedule = (changes: Partial<ScheduleOptions>): ScheduleOptions => ({
  ...base,
  enabled: true,
  ...changes,
});

/** Local time (croner reads patterns in the server's zone); 29 Nov 2026 has no DST change anywhere we test. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute, 0, 0);
const clock = (date: Date) =>
  `${date.getDate()} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

describe('schedulePlan: the cron pattern', () => {
  it.each([
    // interval, window start, window end, minute -> pattern
    [
      { hourInterval: 2, hourStart: 0, hourEnd: 23, minuteStart: 0 },
      '0 0,2,4,6,8,10,12,14,16,18,20,22 * * *',
    ],
    [{ hourInterval: 1, hourStart: 9, hourEnd: 17, minuteStart: 30 }, '30 9,10,11,12,13,14,15,16,17 * * *'],
    [{ hourInterval: 3, hourStart: 9, hourEnd: 17, minuteStart: 5 }, '5 9,12,15 * * *'],
    [{ hourInterval: 23, hourStart: 4, hourEnd: 4, minuteStart: 45 }, '45 4 * * *'],
    // Past midnight: 22-26 every 2 h is 22:00, 00:00, 02:00 (the after-midnight hours aligned to the interval).
    [{ hourInterval: 2, hourStart: 22, hourEnd: 26, minuteStart: 0 }, '0 0,2,22 * * *'],
    [{ hourInterval: 3, hourStart: 22, hourEnd: 30, minuteStart: 10 }, '10 1,4,22 * * *'],
    [{ hourInterval: 5, hourStart: 20, hourEnd: 43, minuteStart: 0 }, '0 1,6,11,16,20 * * *'],
    // The reference's stored form of a window across midnight: the end below the start.
    [{ hourInterval: 2, hourStart: 22, hourEnd: 2, minuteStart: 0 }, '0 0,2,22 * * *'],
    // A start above 23 is clamped to 23.
    [{ hourInterval: 1, hourStart: 30, hourEnd: 33, minuteStart: 0 }, '0 0,1,2,3,4,5,6,7,8,9,23 * * *'],
    // Minute 60 (the reference's slider end) is read as 59.
    [{ hourInterval: 12, hourStart: 1, hourEnd: 13, minuteStart: 60 }, '59 1,13 * * *'],
  ])('with a window %o: %s', (changes, pattern) => {
    const plan = schedulePlan(schedule({ ...changes, useRange: true }));
    expect(plan.pattern).toBe(pattern);
    expect(plan.everyHours).toBeNull();
  });

  it.each([
    [{ hourInterval: 2, minuteStart: 0 }, '0 * * * *', 2],
    [{ hourInterval: 23, minuteStart: 15 }, '15 * * * *', 23],
    [{ hourInterval: 7, minuteStart: 60 }, '59 * * * *', 7],
  ])('without a window %o: %s every %d h from the last run', (changes, pattern, hours) => {
    // The window's hours do not matter then.
    const plan = schedulePlan(schedule({ ...changes, useRange: false, hourStart: 22, hourEnd: 26 }));
    expect(plan).toEqual({ pattern, everyHours: hours, windowEndHour: null });
  });

  it('lists the hours of a window once each', () => {
    expect(
      windowHours(schedule({ useRange: true, hourInterval: 1, hourStart: 0, hourEnd: 23 })),
    ).toHaveLength(24);
    expect(windowHours(schedule({ useRange: true, hourInterval: 12, hourStart: 12, hourEnd: 35 }))).toEqual([
      0, 12,
    ]);
  });
});

describe('nextRunTimes', () => {
  it('gives the next three times of a window, past midnight included', () => {
    const plan = schedulePlan(
      schedule({ useRange: true, hourInterval: 2, hourStart: 22, hourEnd: 26, minuteStart: 15 }),
    );
    expect(nextRunTimes(plan, at(29, 12), null, 3).map(clock)).toEqual(['29 22:15', '30 00:15', '30 02:15']);
    expect(nextRunTimes(plan, at(30, 0, 15), null, 3).map(clock)).toEqual([
      '30 02:15',
      '30 22:15',
      '1 00:15',
    ]);
  });

  it('counts "every N hours" from the last run, at the minute start', () => {
    const plan = schedulePlan(schedule({ useRange: false, hourInterval: 5, minuteStart: 20 }));
    expect(nextRunTimes(plan, at(29, 12), at(29, 10, 20), 3).map(clock)).toEqual([
      '29 15:20',
      '29 20:20',
      '30 01:20',
    ]);
    // A last run off the minute start: the first time the minute comes round after N hours.
    expect(nextRunTimes(plan, at(29, 12), at(29, 10, 40), 1).map(clock)).toEqual(['29 16:20']);
  });

  it('runs an overdue "every N hours" task the next time the minute comes round, then every N hours', () => {
    const plan = schedulePlan(schedule({ useRange: false, hourInterval: 12, minuteStart: 0 }));
    expect(nextRunTimes(plan, at(29, 12, 30), at(20, 1), 2).map(clock)).toEqual(['29 13:00', '30 01:00']);
    // Never run: the next time the minute comes round.
    expect(nextRunTimes(plan, at(29, 12, 30), null, 2).map(clock)).toEqual(['29 13:00', '30 01:00']);
  });

  it('never answers the present moment', () => {
    const plan = schedulePlan(
      schedule({ useRange: true, hourInterval: 1, hourStart: 0, hourEnd: 23, minuteStart: 0 }),
    );
    expect(nextRunTimes(plan, at(29, 12), null, 1).map(clock)).toEqual(['29 13:00']);
  });
});

describe('windowEnd', () => {
  it('is the hour after the window end, on the day the window started', () => {
    const overnight = schedule({
      useRange: true,
      hourInterval: 2,
      hourStart: 22,
      hourEnd: 26,
      minuteStart: 0,
    });
    expect(clock(windowEnd(overnight, at(29, 22)) ?? new Date(0))).toBe('30 03:00');
    expect(clock(windowEnd(overnight, at(30, 2)) ?? new Date(0))).toBe('30 03:00');
    const daytime = schedule({ useRange: true, hourInterval: 3, hourStart: 9, hourEnd: 17, minuteStart: 0 });
    expect(clock(windowEnd(daytime, at(29, 15)) ?? new Date(0))).toBe('29 18:00');
  });

  it('is null without a window', () => {
    expect(windowEnd(schedule({ useRange: false }), at(29, 2))).toBeNull();
  });
});
