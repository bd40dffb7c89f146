import type { JobProgress } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  LOCK_PULSE_MIN_MS,
  MAX_TRACKED_JOBS,
  createInitialRealtimeState,
  realtimeReducer,
  selectLatestTaskJob,
} from '../../../src/app/realtime/realtime-state';
import type { RealtimeAction, RealtimeEvent, RealtimeState } from '../../../src/app/realtime/realtime-state';

const log = (message: string, data: Record<string, unknown>): RealtimeEvent => ({
  topic: 'service.log',
  payload: { level: 'info', message, data, timestamp: '2024-05-01 10:11:12 +0000 UTC' },
});
const lock = (name: 'scrape' | 'rescan' | 'index', locked: boolean): RealtimeEvent => ({
  topic: 'lock.change',
  payload: { name, locked },
});
const progress = (jobId: number, over: Partial<JobProgress> = {}): RealtimeEvent => ({
  topic: 'job.progress',
  payload: {
    jobId,
    name: 'scene-refresh',
    task: 'rescan',
    status: 'running',
    current: 1,
    total: 4,
    progress: 25,
    message: `job ${jobId}`,
    ...over,
  },
});

const run = (events: (RealtimeEvent | RealtimeAction)[], at = 1_000): RealtimeState =>
  events.reduce<RealtimeState>(
    (state, item) => realtimeReducer(state, 'topic' in item ? { type: 'event', event: item, at } : item),
    createInitialRealtimeState(),
  );

describe('realtime reducer', () => {
  it('starts connecting and follows the socket state', () => {
    const initial = createInitialRealtimeState();
    expect(initial.socket).toBe('connecting');
    const connected = realtimeReducer(initial, { type: 'socket', state: 'connected' });
    expect(connected.socket).toBe('connected');
    expect(realtimeReducer(connected, { type: 'socket', state: 'connected' })).toBe(connected);
    expect(realtimeReducer(connected, { type: 'socket', state: 'disconnected' }).socket).toBe('disconnected');
  });

  it('keeps the last rescan and scrape messages apart', () => {
    const state = run([
      log('scan 1', { task: 'rescan' }),
      log('scrape 1', { task: 'scrape' }),
      log('scan 2', { task: 'rescan' }),
      log('noise', {}),
    ]);
    expect(state.lastTaskMessage.rescan?.value.message).toBe('scan 2');
    expect(state.lastTaskMessage.scrape?.value.message).toBe('scrape 1');
  });

  it('tracks running scrapers: started pushes, completed removes, DONE clears', () => {
    const started = run([
      log('Starting A', { task: 'scraperProgress', scraperID: 'a', started: true }),
      log('Starting B', { task: 'scraperProgress', scraperID: 'b', started: true }),
      log('Starting B again', { task: 'scraperProgress', scraperID: 'b', started: true }),
    ]);
    expect(started.runningScrapers).toEqual(['a', 'b']);
    const completed = realtimeReducer(started, {
      type: 'event',
      event: log('Finished A', { task: 'scraperProgress', scraperID: 'a', completed: true }),
      at: 2_000,
    });
    expect(completed.runningScrapers).toEqual(['b']);
    const done = realtimeReducer(completed, {
      type: 'event',
      event: log('DONE', { task: 'scraperProgress' }),
      at: 3_000,
    });
    expect(done.runningScrapers).toEqual([]);
  });

  it('marks a lock held and keeps it pulsing for the minimum time after a quick release', () => {
    const taken = run([lock('scrape', true)], 1_000);
    expect(taken.locks.scrape).toEqual({ held: true, pulsing: true, since: 1_000 });
    expect(taken.locks.rescan.pulsing).toBe(false);

    const released = realtimeReducer(taken, { type: 'event', event: lock('scrape', false), at: 1_200 });
    expect(released.locks.scrape).toMatchObject({ held: false, pulsing: true });
    const tooEarly = realtimeReducer(released, { type: 'lockPulseEnd', name: 'scrape', at: 1_500 });
    expect(tooEarly).toBe(released);
    const ended = realtimeReducer(released, {
      type: 'lockPulseEnd',
      name: 'scrape',
      at: 1_000 + LOCK_PULSE_MIN_MS,
    });
    expect(ended.locks.scrape).toMatchObject({ held: false, pulsing: false });
  });

  it('stops pulsing at once when a lock held longer than the minimum is released', () => {
    const taken = run([lock('rescan', true)], 1_000);
    const released = realtimeReducer(taken, {
      type: 'event',
      event: lock('rescan', false),
      at: 1_000 + LOCK_PULSE_MIN_MS + 1,
    });
    expect(released.locks.rescan).toMatchObject({ held: false, pulsing: false });
  });

  it('forgets held locks when the socket disconnects', () => {
    const taken = run([lock('index', true)]);
    const disconnected = realtimeReducer(taken, { type: 'socket', state: 'disconnected' });
    expect(disconnected.locks.index).toMatchObject({ held: false, pulsing: false });
  });

  it('keeps the latest progress per job, and a bounded number of jobs', () => {
    const state = run([
      progress(1),
      progress(2, { task: 'scrape' }),
      progress(1, { progress: 50, message: 'half' }),
    ]);
    expect(Object.keys(state.jobs)).toHaveLength(2);
    expect(state.jobs[1]?.value.message).toBe('half');
    expect(selectLatestTaskJob(state, 'rescan')?.value.progress).toBe(50);
    expect(selectLatestTaskJob(state, 'scrape')?.value.jobId).toBe(2);
    expect(selectLatestTaskJob(state, 'index')).toBeNull();

    const many = run(Array.from({ length: MAX_TRACKED_JOBS + 5 }, (_, i) => progress(i + 1)));
    expect(Object.keys(many.jobs)).toHaveLength(MAX_TRACKED_JOBS);
    expect(many.jobs[1]).toBeUndefined();
    expect(many.jobs[MAX_TRACKED_JOBS + 5]).toBeDefined();
  });

  it('stores remote state and preview readiness', () => {
    const state = run([
      { topic: 'remote.state', payload: { connected: true, deovrHost: '10.0.0.2', currentSceneID: 5 } },
      { topic: 'options.previews.previewReady', payload: { previewFn: 'test123' } },
    ]);
    expect(state.remote).toEqual({ connected: true, deovrHost: '10.0.0.2', currentSceneID: 5 });
    expect(state.lastPreviewReady?.value.previewFn).toBe('test123');
  });

  it('keeps unchanged slices identical', () => {
    const before = run([log('scan', { task: 'rescan' })]);
    const after = realtimeReducer(before, { type: 'event', event: lock('scrape', true), at: 5 });
    expect(after.lastTaskMessage).toBe(before.lastTaskMessage);
    expect(after.runningScrapers).toBe(before.runningScrapers);
    expect(after.jobs).toBe(before.jobs);
  });
});
