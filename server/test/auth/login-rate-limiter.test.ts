import { describe, expect, it } from 'vitest';
import { FAILURE_WINDOW_MS, LoginRateLimiter, MAX_FAILURES } from '../../src/auth/login-rate-limiter';

const T0 = 1_000_000_000;

describe('LoginRateLimiter', () => {
  it('lets 5 failures through in 15 minutes, then makes the client wait until the oldest leaves the window', () => {
    const limiter = new LoginRateLimiter();
    expect(MAX_FAILURES).toBe(5);
    expect(FAILURE_WINDOW_MS).toBe(15 * 60_000);
    for (let i = 0; i < 5; i += 1) {
      expect(limiter.waitMs('a', T0 + i * 1000)).toBe(0);
      limiter.fail('a', T0 + i * 1000);
    }
    expect(limiter.waitMs('a', T0 + 5000)).toBe(FAILURE_WINDOW_MS - 5000);
    expect(limiter.waitMs('b', T0 + 5000)).toBe(0);
    expect(limiter.waitMs('a', T0 + FAILURE_WINDOW_MS)).toBe(0);
  });

  it('forgets failures older than the window', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < 4; i += 1) limiter.fail('a', T0);
    limiter.fail('a', T0 + FAILURE_WINDOW_MS + 1);
    expect(limiter.waitMs('a', T0 + FAILURE_WINDOW_MS + 2)).toBe(0);
  });

  it('forgets a client after a success', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < 5; i += 1) limiter.fail('a', T0);
    expect(limiter.waitMs('a', T0)).toBeGreaterThan(0);
    limiter.succeed('a');
    expect(limiter.waitMs('a', T0)).toBe(0);
  });

  it('remembers a bounded number of clients, forgetting the oldest', () => {
    const limiter = new LoginRateLimiter(3);
    for (const client of ['a', 'b', 'c', 'd']) for (let i = 0; i < 5; i += 1) limiter.fail(client, T0);
    expect(limiter.waitMs('a', T0)).toBe(0);
    for (const client of ['b', 'c', 'd']) expect(limiter.waitMs(client, T0)).toBeGreaterThan(0);
  });
});
