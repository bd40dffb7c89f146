export { RealtimeProvider } from './RealtimeProvider';
export { useRealtimeStore } from './realtime-context';
export {
  useJobProgress,
  useLastPreviewReady,
  useLastTaskMessage,
  useLock,
  useLocks,
  useRealtime,
  useRealtimeEvent,
  useRemoteState,
  useRunningScrapers,
  useRunningTaskJob,
  useSocketState,
  useTaskStatus,
} from './realtime-hooks';
export type { TaskStatus } from './realtime-hooks';
export { createRealtimeStore } from './realtime-store';
export type { RealtimeStore } from './realtime-store';
export { LOCK_PULSE_MIN_MS, createInitialRealtimeState, realtimeReducer } from './realtime-state';
export type {
  LockStatus,
  RealtimeEvent,
  RealtimeState,
  SocketState,
  Stamped,
  StatusTask,
} from './realtime-state';
