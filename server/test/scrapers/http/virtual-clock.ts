import type { LimiterClock } from '../../../src/scrapers/http/host-limiter';

/**
 * A fake clock for the limiter and retries: `sleep` records how long it was asked to wait, moves time on by
 * that much and resolves on the next turn of the event loop (so waiting code runs in a realistic order);
 * `random` answers the values queued in `randoms` (then 0.5).
 */
export interface VirtualClock extends LimiterClock {
  time: number;
  sleeps: number[];
  randoms: number[];
}

export function virtualClock(start = 1_000_000): VirtualClock {
  const clock: VirtualClock = {
    time: start,
    sleeps: [],
    randoms: [],
    now: () => clock.time,
    random: () => clock.randoms.shift() ?? 0.5,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        clock.sleeps.push(ms);
        setImmediate(() => {
          if (signal.aborted) {
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
            return;
          }
          clock.time += ms;
          resolve();
        });
      }),
  };
  return clock;
}
