/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same library every run. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` distinct integers from [0, size), in draw order. */
  distinct(count: number, size: number, draw: () => number = () => Math.floor(this.next() * size)): number[] {
    const wanted = Math.min(count, size);
    const seen = new Set<number>();
    const out: number[] = [];
    for (let tries = 0; out.length < wanted && tries < wanted * 50; tries++) {
      const value = draw();
      if (!seen.has(value)) {
        seen.add(value);
        out.push(value);
      }
    }
    return out;
  }

  /** The integers 0..size-1 in a random order. */
  permutation(size: number): number[] {
    const items = Array.from({ length: size }, (_, i) => i);
    for (let i = size - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = items[i] as number;
      items[i] = items[j] as number;
      items[j] = a;
    }
    return items;
  }

  /** A lowercase hex string of `length` characters. */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }
}

/**
 * Draws ranks 0..size-1 with Zipf-Mandelbrot weights 1 / (rank + 1 + shift)^exponent: a few very popular ranks
 * and a long tail. A larger `shift` flattens the head; a larger `exponent` thins the tail.
 */
export class ZipfSampler {
  private readonly cumulative: Float64Array;

  constructor(
    size: number,
    shift: number,
    exponent: number,
    private readonly prng: Prng,
  ) {
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let rank = 0; rank < size; rank++) {
      total += 1 / Math.pow(rank + 1 + shift, exponent);
      this.cumulative[rank] = total;
    }
    for (let rank = 0; rank < size; rank++) this.cumulative[rank] = (this.cumulative[rank] ?? 0) / total;
  }

  draw(): number {
    const target = this.prng.next();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 1) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

const DAY_MS = 86_400_000;

/** A 'YYYY-MM-DD' date between two dates; `bias` > 1 leans towards the later end. */
export function randomDate(prng: Prng, from: string, to: string, bias = 1): string {
  return new Date(randomTime(prng, from, to, bias)).toISOString().slice(0, 10);
}

/** Milliseconds since the epoch between two dates; `bias` > 1 leans towards the later end. */
export function randomTime(prng: Prng, from: string, to: string, bias = 1): number {
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  return start + Math.floor(Math.pow(prng.next(), 1 / bias) * span);
}

export const addDays = (time: number, days: number): number => time + days * DAY_MS;
