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
 * `warmup` untimed rounds, then `samples` timed ones; `before` runs ahead of every call, outside the timing
 * (e.g. to move a data version so a cache is read again).
 */
export interface SampleOptions {
  samples: number;
  warmup: number;
  before?: () => void;
}

/**
 * Several ways of doing one thing, timed in turns (one sample of each, then the next round), so a machine
 * that slows down or speeds up for a while weighs on every way alike and their ratios hold. Each work
 * answers its own duration in ms (see measured). Answers the median and 95th percentile of each.
 */
export async function sampleInTurns<K extends string>(
  works: Record<K, (index: number) => Promise<number>>,
  options: SampleOptions,
): Promise<Record<K, Sampled>> {
  const names = Object.keys(works) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < options.warmup + options.samples; i++) {
    for (const name of names) {
      options.before?.();
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

/** One work that times itself (answers its own duration in ms, e.g. measured in another process). */
export async function sampleReported(
  work: (index: number) => Promise<number>,
  options: SampleOptions,
): Promise<Sampled> {
  return (await sampleInTurns({ work }, options)).work;
}

/** `work` as a work that answers its own duration (ms), for sampleInTurns. */
export const measured =
  (work: (index: number) => Promise<unknown>) =>
  async (index: number): Promise<number> =>
    (await timed(() => work(index))).ms;
