import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { routeSchema } from '../http/route-schema';
import type { TaskScheduler } from './task-scheduler.service';

/** Options → Task Schedules: save the six schedules (applied at once) and when each runs next. */
export function taskScheduleRoutes(deps: { scheduler: TaskScheduler }): FastifyPluginAsyncZod {
  return async (app) => {
    const { saveTaskSchedule, taskScheduleRuns } = apiRoutes;
    app.post(
      saveTaskSchedule.path,
      {
        schema: routeSchema(saveTaskSchedule, {
          tags: ['options'],
          summary: 'Save the task schedules; they apply at once',
        }),
      },
      async (request) => deps.scheduler.save(request.body),
    );
    app.get(
      taskScheduleRuns.path,
      {
        schema: routeSchema(taskScheduleRuns, {
          tags: ['options'],
          summary: 'The next three run times, last run and busy state of each scheduled task',
        }),
      },
      async () => deps.scheduler.upcoming(),
    );
  };
}
