import type { BundleRecord, BundleSection } from '@fovea/contract';

/** Rows per page read by a backup: one batched query per related table per page. */
export const EXPORT_PAGE_SIZE = 1_000;

/** One top-level array of a bundle: its records come page by page, never all at once. */
export interface SectionSource<S extends BundleSection> {
  section: S;
  /** Records it will write, roughly (for progress). */
  total: number;
  pages(): AsyncIterable<BundleRecord<S>[]>;
}

export type AnySectionSource = { [S in BundleSection]: SectionSource<S> }[BundleSection];

/** Pages of rows by keyset: `fetch(after)` answers the rows after a key, at most `limit`; ends on a short page. */
export async function* keysetPages<T, K>(
  fetch: (after: K, limit: number) => Promise<T[]>,
  first: K,
  keyOf: (row: T) => K,
  limit: number,
): AsyncGenerator<T[]> {
  let after = first;
  for (;;) {
    const rows = await fetch(after, limit);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    if (rows.length < limit) return;
    after = keyOf(last);
  }
}

/** Rows by a key, each list in row order. */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Runs of rows with the same key, from pages sorted by that key: a run that continues on the next page is held
 * back until it ends, so each run comes out whole, once. Yields the runs that ended within each page.
 */
export async function* runsAcrossPages<T, K>(
  pages: AsyncIterable<T[]>,
  keyOf: (row: T) => K,
): AsyncGenerator<{ key: K; rows: T[] }[]> {
  let open: { key: K; rows: T[] } | null = null;
  for await (const page of pages) {
    const ended: { key: K; rows: T[] }[] = [];
    for (const row of page) {
      const key = keyOf(row);
      if (open && open.key === key) {
        open.rows.push(row);
        continue;
      }
      if (open) ended.push(open);
      open = { key, rows: [row] };
    }
    if (ended.length > 0) yield ended;
  }
  if (open) yield [open];
}

/** The values that are there. */
export function present<T>(values: readonly (T | undefined)[]): T[] {
  return values.filter((value): value is T => value !== undefined);
}
