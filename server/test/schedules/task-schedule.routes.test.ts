import {
  ApiError,
  DEFAULT_OPTIONS,
  OptionsStateResponse,
  TaskScheduleRunsResponse,
  cronToTaskSchedule,
  type TaskScheduleBody,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const defaults = (): TaskScheduleBody => cronToTaskSchedule(DEFAULT_OPTIONS.cron);

const save = (body: unknown) =>
  app.http.inject({ method: 'POST', url: '/api/options/task-schedule', payload: body as object });

async function savedCron() {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/state' });
  return OptionsStateResponse.parse(response.json()).config.cron;
}

async function runs() {
  const response = await app.http.inject({ method: 'GET', url: '/api/options/task-schedule/runs' });
  expect(response.statusCode).toBe(200);
  return TaskScheduleRunsResponse.parse(response.json());
}

describe('POST /api/options/task-schedule', () => {
  it('saves the 42 keys, echoes them, and the next runs follow at once', async () => {
    const body = {
      ...defaults(),
      rescanUseRange: true,
      rescanHourInterval: 2,
      rescanHourStart: 22,
      rescanHourEnd: 26,
      rescanMinuteStart: 15,
      linkScenesEnabled: true,
      linkScenesStartDelay: 5,
    };
    const response = await save(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
    expect((await savedCron()).rescanSchedule).toEqual({
      enabled: true,
      hourInterval: 2,
      useRange: true,
      minuteStart: 15,
      hourStart: 22,
      hourEnd: 26,
      runAtStartDelay: 0,
    });

    const answer = await runs();
    expect(answer.timeZone).not.toBe('');
    expect(answer.tasks.map((task) => task.task)).toEqual([
      'rescrape',
      'rescan',
      'preview',
      'actorRescrape',
      'stashdbRescrape',
      'linkScenes',
    ]);
    const rescan = answer.tasks[1];
    expect(rescan).toMatchObject({ enabled: true, lastRun: null, busy: false });
    const times = (rescan?.nextRuns ?? []).map((iso) => new Date(iso));
    expect(times).toHaveLength(3);
    for (const time of times) {
      expect(time.getMinutes()).toBe(15);
      expect([22, 0, 2]).toContain(time.getHours());
    }
    expect(times.map(Number)).toEqual([...times.map(Number)].sort((a, b) => a - b));
    expect(Number(times[0]) - Date.now()).toBeLessThan(24 * 3600_000);
    // Off: nothing to show.
    expect(answer.tasks[2]).toMatchObject({ task: 'preview', enabled: false, nextRuns: [] });
  });

  it('reads an end before the start as the next day, and clamps a start past 23 to 23', async () => {
    const wrapped = { ...defaults(), rescrapeUseRange: true, rescrapeHourStart: 22, rescrapeHourEnd: 2 };
    expect((await save(wrapped)).statusCode).toBe(200);
    expect((await savedCron()).rescrapeSchedule).toMatchObject({ hourStart: 22, hourEnd: 26 });

    const late = { ...defaults(), rescrapeUseRange: true, rescrapeHourStart: 30, rescrapeHourEnd: 34 };
    expect((await save(late)).statusCode).toBe(200);
    expect((await savedCron()).rescrapeSchedule).toMatchObject({ hourStart: 23, hourEnd: 34 });
  });

  it.each([
    [
      'a window longer than 23 hours',
      { rescanUseRange: true, rescanHourStart: 0, rescanHourEnd: 24 },
      'rescanHourEnd',
    ],
    ['an interval of 0 hours', { rescanHourInterval: 0 }, 'rescanHourInterval'],
    ['an interval of 24 hours', { previewHourInterval: 24 }, 'previewHourInterval'],
    ['a start delay over an hour', { rescrapeStartDelay: 61 }, 'rescrapeStartDelay'],
    ['a minute past 60', { linkScenesMinuteStart: 61 }, 'linkScenesMinuteStart'],
    ['a text for a number', { rescanHourStart: '3' }, 'rescanHourStart'],
    ['a missing key', { actorRescrapeEnabled: undefined }, 'actorRescrapeEnabled'],
  ])('refuses %s with 400 and changes nothing', async (_label, changes, field) => {
    const before = await savedCron();
    const response = await save({ ...defaults(), ...changes });
    expect(response.statusCode).toBe(400);
    const error = ApiError.parse(response.json());
    expect(error.issues?.some((issue) => issue.path.includes(field))).toBe(true);
    expect(await savedCron()).toEqual(before);
  });
});
