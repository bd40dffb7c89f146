import { BoundedMap } from '../services/bounded-map';

/** Failed attempts allowed per client within the window; the next attempt waits. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Clients remembered at once: the oldest is forgotten first, so the map never grows without bound. */
const CLIENTS = 10_000;

/**
 * Failed logins (and wrong current passwords) per client: after MAX_FAILURES within FAILURE_WINDOW_MS, further
 * attempts are refused until the oldest of those failures leaves the window; a success forgets the client.
 */
export class LoginRateLimiter {
  private readonly failures: BoundedMap<string, number[]>;

  constructor(capacity: number = CLIENTS) {
    this.failures = new BoundedMap(capacity);
  }

  /** Milliseconds the client must wait before trying again, or 0. */
  waitMs(client: string, nowMs: number): number {
    const recent = this.recent(client, nowMs);
    if (recent.length < MAX_FAILURES) return 0;
    return (recent[recent.length - MAX_FAILURES] ?? nowMs) + FAILURE_WINDOW_MS - nowMs;
  }

  fail(client: string, nowMs: number): void {
    this.failures.set(client, [...this.recent(client, nowMs), nowMs].slice(-MAX_FAILURES));
  }

  succeed(client: string): void {
    this.failures.set(client, []);
  }

  private recent(client: string, nowMs: number): number[] {
    return (this.failures.get(client) ?? []).filter((at) => at > nowMs - FAILURE_WINDOW_MS);
  }
}
