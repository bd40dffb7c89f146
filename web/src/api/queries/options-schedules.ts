import { taskScheduleToCron } from '@fovea/contract';
import type { OptionsStateResponse, TaskScheduleBody } from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { optionsKeys } from '../query-keys';

/** Query keys of Options → Task Schedules (below options, so resetting every option query reaches them). */
export const scheduleKeys = {
  /** GET /api/options/task-schedule/runs. */
  runs: [...optionsKeys.all, 'task-schedule', 'runs'] as const,
};

/**
 * GET /api/options/task-schedule/runs: the server's time zone and, per task, its next three run times, its last
 * run and whether a job of it is busy. Callers keep it fresh on events (see useScheduleRuns), never by polling.
 */
export function useTaskScheduleRuns() {
  return useQuery({
    queryKey: scheduleKeys.runs,
    queryFn: ({ signal }) => apiCall('taskScheduleRuns', { signal }),
  });
}

/**
 * POST /api/options/task-schedule with the whole 42-key body. The saved schedules replace config.cron in the
 * cached options state at once; then the state and the run times are read again (the server applies a saved
 * schedule immediately, so the next runs move with it).
 */
export function useSaveTaskSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskScheduleBody) => apiCall('saveTaskSchedule', { body }),
    onSuccess: (saved: TaskScheduleBody) => {
      queryClient.setQueryData<OptionsStateResponse>(optionsKeys.state, (state) =>
        state ? { ...state, config: { ...state.config, cron: taskScheduleToCron(saved) } } : state,
      );
      // Not awaited: the form is remade from the new state at once, and a caller's own onSuccess (the toast)
      // only runs while the form that called it is still there.
      void queryClient.invalidateQueries({ queryKey: optionsKeys.state });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.runs });
    },
  });
}
