import type {
  JobProgress,
  JobTask,
  LockName,
  PreviewReadyEvent,
  RemoteState,
  ServiceLogEvent,
  WsPayload,
  WsTopic,
} from '@fovea/contract';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useRealtimeStore } from './realtime-context';
import { selectLatestTaskJob } from './realtime-state';
import type { LockStatus, RealtimeState, SocketState, Stamped, StatusTask } from './realtime-state';

/** Reads a slice of the realtime state; the selector must return a value that is stable while unchanged. */
export function useRealtime<T>(selector: (state: RealtimeState) => T): T {
  const store = useRealtimeStore();
  const getSnapshot = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** connecting | connected | disconnected. */
export function useSocketState(): SocketState {
  return useRealtime((state) => state.socket);
}

/** Every lock: held (as reported) and pulsing (shown, at least LOCK_PULSE_MIN_MS). */
export function useLocks(): Readonly<Record<LockName, LockStatus>> {
  return useRealtime((state) => state.locks);
}

export function useLock(name: LockName): LockStatus {
  return useRealtime((state) => state.locks[name]);
}

/** The last service.log event of the task (rescan: Files, scrape: Data), or null. */
export function useLastTaskMessage(task: StatusTask): ServiceLogEvent | null {
  return useRealtime((state) => state.lastTaskMessage[task]?.value ?? null);
}

/** Site ids of the scrapers running now. */
export function useRunningScrapers(): readonly string[] {
  return useRealtime((state) => state.runningScrapers);
}

/** Latest progress per job id (with arrival order and time). */
export function useJobProgress(): Readonly<Record<number, Stamped<JobProgress>>> {
  return useRealtime((state) => state.jobs);
}

export function useRemoteState(): RemoteState | null {
  return useRealtime((state) => state.remote);
}

export function useLastPreviewReady(): PreviewReadyEvent | null {
  return useRealtime((state) => state.lastPreviewReady?.value ?? null);
}

export interface TaskStatus {
  message: string;
  /** Percent of a running job of this task, else null. */
  progress: number | null;
}

/** What a top-bar status line shows: the newer of the last log line and the last job progress of the task. */
export function useTaskStatus(task: StatusTask): TaskStatus | null {
  const log = useRealtime((state) => state.lastTaskMessage[task]);
  const job = useRealtime((state) => selectLatestTaskJob(state, task));
  return useMemo(() => {
    const running = job !== null && job.value.status === 'running' ? job.value.progress : null;
    if (log === null && job === null) return null;
    if (job !== null && (log === null || job.seq > log.seq)) {
      return { message: job.value.message, progress: running };
    }
    return { message: log?.value.message ?? '', progress: running };
  }, [log, job]);
}

/** The job of the task that is running now (its latest progress says so), or null. */
export function useRunningTaskJob(task: JobTask): JobProgress | null {
  const job = useRealtime((state) => selectLatestTaskJob(state, task));
  return job !== null && job.value.status === 'running' ? job.value : null;
}

/** Calls the handler for every event of one topic while mounted. */
export function useRealtimeEvent<T extends WsTopic>(
  topic: T,
  handler: (payload: WsPayload<T>) => void,
): void {
  const store = useRealtimeStore();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(
    () =>
      store.onEvent((event) => {
        if (event.topic === topic) handlerRef.current(event.payload as WsPayload<T>);
      }),
    [store, topic],
  );
}
