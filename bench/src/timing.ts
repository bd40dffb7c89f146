export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export interface Sampled {
  p50: number;
  p95: number;
}

/**
 * Runs `work` `warmup` times untimed, then `samples` times timed, one after the other. `before` runs ahead of
 * every call, outside the timing (e.g. to drop a cache). Answers the median and 95th percentile in ms.
 */
export async function sample(
  work: (index: number) => Promise<unknown>,
  options: { samples: number; warmup: number; before?: () => void },
): Promise<Sampled> {
  for (let i = 0; i < options.warmup; i++) {
    options.before?.();
    await work(i);
  }
  const times: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    options.before?.();
    const started = performance.now();
    await work(options.warmup + i);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Like sample, for work that times itself (answers its own duration in ms, e.g. measured on another thread). */
export async function sampleReported(
  work: (index: number) => Promise<number>,
  options: { samples: number; warmup: number; before?: () => void },
): Promise<Sampled> {
  for (let i = 0; i < options.warmup; i++) {
    options.before?.();
    await work(i);
  }
  const times: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    options.before?.();
    times.push(await work(options.warmup + i));
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Several ways of doing one thing, timed in turns (one sample of each, then the next round), so a machine
 * that slows down or speeds up for a while weighs on every way alike and their ratios hold. Each work
 * answers its own duration in ms (see measured).
 */
export async function sampleInTurns<K extends string>(
  works: Record<K, (index: number) => Promise<number>>,
  options: { samples: number; warmup: number },
): Promise<Record<K, Sampled>> {
  const names = Object.keys(works) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < options.warmup + options.samples; i++) {
    for (const name of names) {
      const ms = await works[name](i);
      if (i >= options.warmup) times.get(name)?.push(ms);
    }
  }
  const result = {} as Record<K, Sampled>;
  for (const name of names) {
    const samples = times.get(name) ?? [];
    result[name] = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  }
  return result;
}

/** `work` as a work that answers its own duration (ms), for sampleInTurns. */
export const measured =
  (work: (index: number) => Promise<unknown>) =>
  async (index: number): Promise<number> =>
    (await timed(() => work(index))).ms;
