import { describe, expect, it } from 'vitest';
import { HostLimiter, type HostLimits } from '../../../src/scrapers/http/host-limiter';
import { virtualClock } from './virtual-clock';

const never = new AbortController().signal;
const limits = (over: Partial<HostLimits> = {}): HostLimits => ({
  minDelayMs: 0,
  maxDelayMs: 0,
  concurrency: 1,
  ...over,
});

/** Lets every pending promise and immediate run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('HostLimiter', () => {
  it('spaces request starts to one host by min + random·(max − min)', async () => {
    const clock = virtualClock();
    clock.randoms.push(0, 0.999, 0.5);
    const limiter = new HostLimiter(4, clock);
    const spec = limits({ minDelayMs: 1000, maxDelayMs: 3000, concurrency: 4 });
    const starts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const release = await limiter.acquire('site.com', spec, never);
      starts.push(clock.now());
      release();
    }
    const gaps = starts.slice(1).map((start, i) => start - (starts[i] ?? 0));
    // random 0 → the minimum; 0.999 → just under the maximum; 0.5 → half way.
    expect(gaps).toEqual([1000, 2998, 2000]);
  });

  it('keeps every gap within [min, max] for any random value, and hosts apart from each other', async () => {
    const clock = virtualClock();
    const limiter = new HostLimiter(4, clock);
    const spec = limits({ minDelayMs: 250, maxDelayMs: 1500, concurrency: 2 });
    let previous: number | null = null;
    for (const value of [0, 0.1, 0.37, 0.5, 0.92, 0.9999]) {
      clock.randoms.push(value);
      const release = await limiter.acquire('a.com', spec, never);
      if (previous !== null) {
        expect(clock.now() - previous).toBeGreaterThanOrEqual(250);
        expect(clock.now() - previous).toBeLessThanOrEqual(1500);
      }
      previous = clock.now();
      release();
    }
    // Another host is not held back by a.com's gap.
    const sleepsBefore = clock.sleeps.length;
    (await limiter.acquire('b.com', spec, never))();
    expect(clock.sleeps.length).toBe(sleepsBefore);
  });

  it('lets at most `concurrency` requests to a host run at once', async () => {
    const limiter = new HostLimiter(10, virtualClock());
    const spec = limits({ concurrency: 2 });
    const first = await limiter.acquire('site.com', spec, never);
    await limiter.acquire('site.com', spec, never);
    let third = false;
    const pending = limiter.acquire('site.com', spec, never).then((release) => {
      third = true;
      return release;
    });
    await settle();
    expect(third).toBe(false);
    expect(limiter.inFlight()).toBe(2);
    first();
    (await pending)();
    expect(third).toBe(true);
  });

  it('holds every host to the global cap', async () => {
    const limiter = new HostLimiter(2, virtualClock());
    const spec = limits({ concurrency: 4 });
    const a = await limiter.acquire('a.com', spec, never);
    await limiter.acquire('b.com', spec, never);
    let started = false;
    const pending = limiter.acquire('c.com', spec, never).then((release) => {
      started = true;
      return release;
    });
    await settle();
    expect(started).toBe(false);
    a();
    await pending;
    expect(started).toBe(true);
    expect(limiter.inFlight()).toBe(2);
  });

  it('serves waiting requests of a host in arrival order', async () => {
    const limiter = new HostLimiter(4, virtualClock());
    const spec = limits();
    const order: string[] = [];
    const first = await limiter.acquire('site.com', spec, never);
    const waiting = ['b', 'c', 'd'].map((name) =>
      limiter.acquire('site.com', spec, never).then((release) => {
        order.push(name);
        release();
      }),
    );
    await settle();
    first();
    await Promise.all(waiting);
    expect(order).toEqual(['b', 'c', 'd']);
  });

  it('defer holds a host until the given time', async () => {
    const clock = virtualClock();
    const limiter = new HostLimiter(4, clock);
    limiter.defer('site.com', clock.now() + 7000);
    const before = clock.now();
    (await limiter.acquire('site.com', limits(), never))();
    expect(clock.now() - before).toBe(7000);
  });

  it('an aborted wait gives up its place and rejects with the reason', async () => {
    const limiter = new HostLimiter(4, virtualClock());
    const spec = limits();
    const held = await limiter.acquire('site.com', spec, never);
    const controller = new AbortController();
    const aborted = limiter.acquire('site.com', spec, controller.signal);
    const next = limiter.acquire('site.com', spec, never);
    await settle();
    controller.abort(new Error('run cancelled'));
    await expect(aborted).rejects.toThrow('run cancelled');
    held();
    (await next)();
    expect(limiter.inFlight()).toBe(0);
  });
});
