/**
 * Runs `work` over `items` with at most `limit` calls in flight and resolves with the results in input order.
 * On the first failure no new item is started; the returned promise rejects with that first error once the
 * calls already in flight have settled (so nothing keeps running behind the caller's back).
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  let next = 0;
  let failed = false;
  let firstError: unknown;

  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        if (!failed) {
          failed = true;
          firstError = error;
        }
      }
    }
  };

  await Promise.all(Array.from({ length: width }, worker));
  if (failed) throw firstError;
  return results;
}
