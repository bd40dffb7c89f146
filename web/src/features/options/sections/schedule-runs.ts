import { useEffect } from 'react';
import { useTaskScheduleRuns } from '../../../api/queries/options-schedules';
import { useRealtimeEvent } from '../../../app/realtime';
import { firstUpcomingRun } from './schedule-values';

/** How long after the first shown run time the list is read again (the server has moved on by then). */
export const RUN_PASSED_GRACE_MS = 5_000;
/** setTimeout's longest delay (about 24.8 days; the runs shown are never that far off). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The run times of Options → Task Schedules, kept fresh without polling: read again when any job lock changes
 * (a scheduled job started or ended, so `busy` and the last run moved) and once the soonest shown run time has
 * passed. Saving reads them again too (useSaveTaskSchedule).
 */
export function useScheduleRuns() {
  const query = useTaskScheduleRuns();
  const { refetch, data } = query;
  useRealtimeEvent('lock.change', () => void refetch());
  useEffect(() => {
    if (!data) return;
    const now = Date.now();
    const first = firstUpcomingRun(data.tasks, now);
    if (first === null) return;
    const timer = setTimeout(() => void refetch(), Math.min(first - now + RUN_PASSED_GRACE_MS, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [data, refetch]);
  return query;
}
