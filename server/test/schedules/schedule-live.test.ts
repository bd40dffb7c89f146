import { DEFAULT_OPTIONS, TaskScheduleRunsResponse, cronToTaskSchedule } from '@fovea/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

/*
 * The real thing, with real timers: a listening app (its scheduler started), a schedule saved through the API
 * for the coming minute, and the task's job queued at the time the API showed, without a restart. Link Scenes
 * (the alternate-site relink) is used: on an empty library it ends at once and touches nothing.
 */

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function relinkJobs() {
  return app.database.db
    .selectFrom('jobs')
    .select(['status', 'created_at'])
    .where('name', '=', 'alternate-relink')
    .execute();
}

it('runs a saved schedule at the next time it showed, without a restart', { timeout: 120_000 }, async () => {
  // At least 5 s ahead, so the run is not already past when the schedule is saved.
  const soon = new Date(Date.now() + 65_000);
  const hour = soon.getHours();
  const body = {
    ...cronToTaskSchedule(DEFAULT_OPTIONS.cron),
    rescrapeEnabled: false,
    rescanEnabled: false,
    linkScenesEnabled: true,
    linkScenesUseRange: true,
    linkScenesHourInterval: 1,
    linkScenesHourStart: hour,
    linkScenesHourEnd: hour,
    linkScenesMinuteStart: soon.getMinutes(),
  };
  const saved = await app.http.inject({ method: 'POST', url: '/api/options/task-schedule', payload: body });
  expect(saved.statusCode).toBe(200);
  const runs = TaskScheduleRunsResponse.parse(
    (await app.http.inject({ method: 'GET', url: '/api/options/task-schedule/runs' })).json(),
  );
  const shown = new Date(runs.tasks.find((task) => task.task === 'linkScenes')?.nextRuns[0] ?? '');
  expect(shown.getHours()).toBe(hour);
  expect(shown.getMinutes()).toBe(soon.getMinutes());
  expect(await relinkJobs()).toEqual([]);

  const deadline = shown.getTime() + 30_000;
  while ((await relinkJobs()).length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const jobs = await relinkJobs();
  expect(jobs).toHaveLength(1);
  const queuedAt = new Date(jobs[0]?.created_at ?? '').getTime();
  expect(queuedAt).toBeGreaterThanOrEqual(shown.getTime() - 1000);
  expect(queuedAt).toBeLessThan(shown.getTime() + 15_000);
  const after = TaskScheduleRunsResponse.parse(
    (await app.http.inject({ method: 'GET', url: '/api/options/task-schedule/runs' })).json(),
  );
  expect(after.tasks.find((task) => task.task === 'linkScenes')?.lastRun).toBe(shown.toISOString());
});
