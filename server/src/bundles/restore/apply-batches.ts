import type { BundleSection } from '@fovea/contract';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { throwIfAborted } from '../../jobs/job-definition';
import type { TransferTally } from '../transfer-tally';
import type { ApplyContext } from './section-applier';

/**
 * Rows per batch (one transaction each): big enough to be quick (each commit writes the pages a batch dirtied in
 * the scene table's many indexes and the search index: the scenes of a 100,000-scene bundle went in in about
 * 51 s in batches of 2,000 against 74 s in batches of 500), small enough to keep the server answering (a batch
 * takes about a second).
 */
export const DEFAULT_BATCH_SIZE = 2_000;

export interface BatchPlan<R> {
  section: BundleSection;
  records: AsyncIterable<R>;
  /** The most rows a batch holds. */
  size: number;
  context: ApplyContext;
  /** Rows a record brings (a scene's files, cuepoints, …); 1 when omitted. */
  weight?(record: R): number;
  /** Writes one batch in one transaction; throwing rolls it back and stops the restore. */
  apply(batch: R[]): Promise<void>;
}

/**
 * Feeds a section's records to `apply` in batches, in file order. Between batches it checks the signal (a
 * shutdown stops at a batch boundary), reports progress and yields to the event loop.
 */
export async function inBatches<R>(plan: BatchPlan<R>): Promise<void> {
  let batch: R[] = [];
  let rows = 0;
  let done = 0;
  const flush = async () => {
    throwIfAborted(plan.context.signal);
    await plan.apply(batch);
    done += batch.length;
    batch = [];
    rows = 0;
    plan.context.progress(plan.section, done);
    await nextTurn();
  };
  for await (const record of plan.records) {
    batch.push(record);
    rows += Math.max(1, plan.weight?.(record) ?? 1);
    if (rows >= plan.size) await flush();
  }
  if (batch.length > 0) await flush();
}

/** Counts what a section read, item by item (a switched-off section counts them as skipped). */
export async function countItems<R>(
  records: AsyncIterable<R>,
  itemsOf: (record: R) => number,
): Promise<number> {
  let total = 0;
  for await (const record of records) total += itemsOf(record);
  return total;
}

/** Distinct values, first occurrence kept. */
export const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** The last record per key (a bundle that names a row twice: the later one wins). */
export function lastByKey<R>(records: readonly R[], key: (record: R) => string): R[] {
  return [...new Map(records.map((record) => [key(record), record])).values()];
}

/**
 * What one batch did, held until its transaction commits (a batch that rolls back counts nothing but what it
 * read).
 */
export class BatchTally {
  private readonly counts = { added: 0, updated: 0, skipped: 0 };
  private readonly rejections: { key: string; reason: string }[] = [];

  constructor(private readonly section: BundleSection) {}

  count(outcome: 'added' | 'updated' | 'skipped', by = 1): void {
    this.counts[outcome] += by;
  }

  reject(key: string, reason: string): void {
    this.rejections.push({ key, reason });
  }

  commit(tally: TransferTally): void {
    for (const [outcome, by] of Object.entries(this.counts) as ['added' | 'updated' | 'skipped', number][])
      tally.count(this.section, outcome, by);
    for (const { key, reason } of this.rejections) tally.reject(this.section, key, reason);
  }
}
