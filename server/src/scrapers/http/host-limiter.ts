/** A definition's per-host settings (`http.min_delay_ms`, `http.max_delay_ms`, `http.concurrency`). */
export interface HostLimits {
  minDelayMs: number;
  maxDelayMs: number;
  concurrency: number;
}

/** Time for the limiter; tests pass a virtual clock. `sleep` rejects with the signal's reason on abort. */
export interface LimiterClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

interface HostState {
  /** No request to this host starts before this time. */
  nextStart: number;
  active: number;
  /** Waiting requests, first come first served. */
  queue: object[];
}

/**
 * Per-host request pacing shared by every scrape session: request starts to one host are at least
 * min + random·(max − min) ms apart, at most `concurrency` requests to a host are in flight, and at most
 * `globalCap` over all hosts. `acquire` resolves with the release function of the slot it took.
 */
export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  private active = 0;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly globalCap: number,
    private readonly clock: LimiterClock,
  ) {}

  async acquire(host: string, limits: HostLimits, signal: AbortSignal): Promise<() => void> {
    const state = this.state(host);
    const ticket = {};
    state.queue.push(ticket);
    try {
      for (;;) {
        signal.throwIfAborted();
        const free = state.active < Math.max(1, limits.concurrency) && this.active < this.globalCap;
        if (state.queue[0] === ticket && free) {
          const wait = state.nextStart - this.clock.now();
          if (wait <= 0) break;
          await this.clock.sleep(wait, signal);
        } else {
          await this.changed(signal);
        }
      }
    } catch (error) {
      state.queue.splice(state.queue.indexOf(ticket), 1);
      this.notify();
      throw error;
    }
    state.queue.shift();
    state.active++;
    this.active++;
    const spread = Math.max(0, limits.maxDelayMs - limits.minDelayMs);
    state.nextStart = this.clock.now() + limits.minDelayMs + Math.floor(this.clock.random() * spread);
    this.notify();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.active--;
      this.active--;
      this.notify();
    };
  }

  /** No request to `host` starts before `until` (a site asked to wait: Retry-After or back-off). */
  defer(host: string, until: number): void {
    const state = this.state(host);
    state.nextStart = Math.max(state.nextStart, until);
  }

  /** Requests in flight over all hosts. */
  inFlight(): number {
    return this.active;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { nextStart: 0, active: 0, queue: [] };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** Resolves at the next release, grant or withdrawal; rejects when the signal aborts. */
  private changed(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.wakers.delete(wake);
        reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
      };
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      this.wakers.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private notify(): void {
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const wake of wakers) wake();
  }
}
