import type { RouteSpec } from '../route-spec';
import { TaskScheduleBody, TaskScheduleRunsResponse } from '../task-schedule.schema';

/** Options → Task Schedules: save the six schedules (applied at once) and read when each runs next. */
export const taskScheduleRoutes = {
  saveTaskSchedule: {
    method: 'POST',
    path: '/api/options/task-schedule',
    body: TaskScheduleBody,
    response: TaskScheduleBody,
  },
  taskScheduleRuns: {
    method: 'GET',
    path: '/api/options/task-schedule/runs',
    response: TaskScheduleRunsResponse,
  },
} as const satisfies Record<string, RouteSpec>;
