import { LOCK_NAMES } from '@fovea/contract';
import type {
  DataTransferReport,
  JobProgress,
  LockName,
  PreviewReadyEvent,
  RemoteState,
  ServiceLogEvent,
  WsPayload,
  WsTopic,
} from '@fovea/contract';

/** A lock indicator keeps pulsing at least this long, so that short jobs are seen. */
export const LOCK_PULSE_MIN_MS = 1_000;
/** How many jobs' latest progress is kept. */
export const MAX_TRACKED_JOBS = 50;

export type SocketState = 'connecting' | 'connected' | 'disconnected';
/** The two service.log tasks the top bar shows: rescan (label Files) and scrape (label Data). */
export type StatusTask = 'rescan' | 'scrape';

export interface LockStatus {
  /** The server reports the lock as held. */
  held: boolean;
  /** The indicator shows it: held, or released less than LOCK_PULSE_MIN_MS after it was taken. */
  pulsing: boolean;
  /** When the lock was last taken (ms since epoch), null if never. */
  since: number | null;
}

/** A received value with its arrival order (seq) and time (ms since epoch). */
export interface Stamped<T> {
  value: T;
  seq: number;
  at: number;
}

export type RealtimeEvent = { [T in WsTopic]: { topic: T; payload: WsPayload<T> } }[WsTopic];

export interface RealtimeState {
  socket: SocketState;
  /** Counts received events; orders log lines against job progress. */
  seq: number;
  locks: Readonly<Record<LockName, LockStatus>>;
  lastTaskMessage: Readonly<Record<StatusTask, Stamped<ServiceLogEvent> | null>>;
  /** Site ids of the scrapers running now (xbvr-wire §13.2 scraperProgress). */
  runningScrapers: readonly string[];
  /** Latest progress per job id. */
  jobs: Readonly<Record<number, Stamped<JobProgress>>>;
  remote: RemoteState | null;
  lastPreviewReady: Stamped<PreviewReadyEvent> | null;
  /** The latest backup, restore or XBVR move-in report (data.transfer). */
  lastDataTransfer: Stamped<DataTransferReport> | null;
}

export type RealtimeAction =
  | { type: 'socket'; state: SocketState }
  | { type: 'event'; event: RealtimeEvent; at: number }
  | { type: 'lockPulseEnd'; name: LockName; at: number };

const FREE_LOCK: LockStatus = { held: false, pulsing: false, since: null };

function initialLocks(): Record<LockName, LockStatus> {
  const locks = {} as Record<LockName, LockStatus>;
  for (const name of LOCK_NAMES) locks[name] = FREE_LOCK;
  return locks;
}

export function createInitialRealtimeState(): RealtimeState {
  return {
    socket: 'connecting',
    seq: 0,
    locks: initialLocks(),
    lastTaskMessage: { rescan: null, scrape: null },
    runningScrapers: [],
    jobs: {},
    remote: null,
    lastPreviewReady: null,
    lastDataTransfer: null,
  };
}

function reduceLock(state: RealtimeState, name: LockName, locked: boolean, at: number): RealtimeState {
  const current = state.locks[name];
  let next: LockStatus;
  if (locked) {
    next = current.held ? current : { held: true, pulsing: true, since: at };
  } else {
    const shownLongEnough = current.since === null || at - current.since >= LOCK_PULSE_MIN_MS;
    next = { held: false, pulsing: current.pulsing && !shownLongEnough, since: current.since };
  }
  if (next.held === current.held && next.pulsing === current.pulsing && next.since === current.since) {
    return state;
  }
  return { ...state, locks: { ...state.locks, [name]: next } };
}

function reduceServiceLog(state: RealtimeState, log: ServiceLogEvent, at: number): RealtimeState {
  const { task } = log.data;
  if (task === 'rescan' || task === 'scrape') {
    return {
      ...state,
      lastTaskMessage: { ...state.lastTaskMessage, [task]: { value: log, seq: state.seq, at } },
    };
  }
  if (task !== 'scraperProgress') return state;
  if (log.message === 'DONE') {
    return state.runningScrapers.length === 0 ? state : { ...state, runningScrapers: [] };
  }
  const id = log.data.scraperID;
  if (id === undefined) return state;
  if (log.data.started === true && !state.runningScrapers.includes(id)) {
    return { ...state, runningScrapers: [...state.runningScrapers, id] };
  }
  if (log.data.completed === true && state.runningScrapers.includes(id)) {
    return { ...state, runningScrapers: state.runningScrapers.filter((running) => running !== id) };
  }
  return state;
}

function reduceJobProgress(state: RealtimeState, progress: JobProgress, at: number): RealtimeState {
  const entries: [number, Stamped<JobProgress>][] = Object.values(state.jobs)
    .filter((job) => job.value.jobId !== progress.jobId)
    .sort((a, b) => a.seq - b.seq)
    .slice(-(MAX_TRACKED_JOBS - 1))
    .map((job) => [job.value.jobId, job]);
  entries.push([progress.jobId, { value: progress, seq: state.seq, at }]);
  return { ...state, jobs: Object.fromEntries(entries) };
}

function reduceEvent(state: RealtimeState, event: RealtimeEvent, at: number): RealtimeState {
  switch (event.topic) {
    case 'service.log':
      return reduceServiceLog(state, event.payload, at);
    case 'lock.change':
      return reduceLock(state, event.payload.name, event.payload.locked, at);
    case 'job.progress':
      return reduceJobProgress(state, event.payload, at);
    case 'remote.state':
      return { ...state, remote: event.payload };
    case 'options.previews.previewReady':
      return { ...state, lastPreviewReady: { value: event.payload, seq: state.seq, at } };
    case 'state.change.optionsStorage':
      return state;
    case 'data.transfer':
      return { ...state, lastDataTransfer: { value: event.payload, seq: state.seq, at } };
  }
}

/** The pure state transition of the realtime store. Unchanged parts keep their identity. */
export function realtimeReducer(state: RealtimeState, action: RealtimeAction): RealtimeState {
  switch (action.type) {
    case 'socket': {
      if (state.socket === action.state) return state;
      // Without a connection nothing tells us when a lock is released: show none rather than stale ones.
      const locks = action.state === 'disconnected' ? initialLocks() : state.locks;
      return { ...state, socket: action.state, locks };
    }
    case 'event': {
      const next = reduceEvent({ ...state, seq: state.seq + 1 }, action.event, action.at);
      return next;
    }
    case 'lockPulseEnd': {
      const lock = state.locks[action.name];
      if (lock.held || !lock.pulsing || (lock.since !== null && action.at - lock.since < LOCK_PULSE_MIN_MS)) {
        return state;
      }
      return { ...state, locks: { ...state.locks, [action.name]: { ...lock, pulsing: false } } };
    }
  }
}

/** The latest progress of a job of the given task, or null. */
export function selectLatestTaskJob(state: RealtimeState, task: string): Stamped<JobProgress> | null {
  let latest: Stamped<JobProgress> | null = null;
  for (const job of Object.values(state.jobs)) {
    if (job.value.task === task && (latest === null || job.seq > latest.seq)) latest = job;
  }
  return latest;
}

/** Names of the locks whose indicator shows now. */
export function selectPulsingLocks(state: RealtimeState): LockName[] {
  return LOCK_NAMES.filter((name) => state.locks[name].pulsing);
}
