import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../src/media/map-limit';

/** A promise resolved by hand, to control the order in which work finishes. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('mapLimit', () => {
  it('keeps input order whatever the finishing order', async () => {
    const gates = [0, 1, 2, 3].map(() => deferred<null>());
    const running = mapLimit([10, 20, 30, 40], 4, async (item, index) => {
      await gates[index]?.promise;
      return item + index;
    });
    for (const i of [3, 1, 0, 2]) {
      gates[i]?.resolve(null);
      await tick();
    }
    expect(await running).toEqual([10, 21, 32, 43]);
  });

  it('never runs more than the limit at once and runs every item', async () => {
    let active = 0;
    let peak = 0;
    const seen: number[] = [];
    const result = await mapLimit(
      Array.from({ length: 9 }, (_, i) => i),
      3,
      async (item) => {
        active++;
        peak = Math.max(peak, active);
        seen.push(item);
        await tick();
        active--;
        return item * 2;
      },
    );
    expect(peak).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(result).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16]);
  });

  it('returns [] for no items and treats a limit below 1 as 1', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
    let active = 0;
    let peak = 0;
    await mapLimit([1, 2, 3], 0, async () => {
      active++;
      peak = Math.max(peak, active);
      await tick();
      active--;
    });
    expect(peak).toBe(1);
  });

  it('rejects with the first error after in-flight work settles, starting nothing new', async () => {
    const slow = deferred<null>();
    const started: number[] = [];
    let slowDone = false;
    const running = mapLimit([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      if (item === 0) {
        await slow.promise;
        slowDone = true;
        return item;
      }
      throw new Error(`boom ${item}`);
    });
    let settled = false;
    void running.catch(() => undefined).finally(() => (settled = true));
    await tick();
    expect(settled).toBe(false); // item 0 is still running
    slow.resolve(null);
    await expect(running).rejects.toThrow('boom 1');
    expect(slowDone).toBe(true);
    expect(started).toEqual([0, 1]);
  });
});
