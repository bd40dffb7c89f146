import type { XbvrRow } from './xbvr-values';
import { xbvrNumber } from './xbvr-values';

/**
 * Every page of a table read by numeric keyset: `fetch(afterId)` returns the rows after that id in id order; the
 * pages stop at the first empty one. The signal is checked before each page.
 */
export async function* pagesById(
  fetch: (afterId: number) => Promise<XbvrRow[]>,
  signal: AbortSignal | undefined,
  idColumn = 'id',
): AsyncGenerator<XbvrRow[]> {
  let afterId = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await fetch(afterId);
    if (rows.length === 0) return;
    yield rows;
    afterId = xbvrNumber(rows[rows.length - 1]?.[idColumn]);
  }
}

/** The rows grouped by one column's value, in row order. */
export function groupBy<K>(rows: readonly XbvrRow[], key: (row: XbvrRow) => K): Map<K, XbvrRow[]> {
  const groups = new Map<K, XbvrRow[]>();
  for (const row of rows) {
    const value = key(row);
    const group = groups.get(value);
    if (group === undefined) groups.set(value, [row]);
    else group.push(row);
  }
  return groups;
}

/** The numeric ids of a page's rows. */
export const idsOf = (rows: readonly XbvrRow[], column = 'id'): number[] =>
  rows.map((row) => xbvrNumber(row[column]));
