/** Statuses that mean "try again later": retried, honouring Retry-After. */
export const RETRY_STATUSES = new Set([429, 503]);

/**
 * Milliseconds `Retry-After` asks for: delta-seconds ("120") or an HTTP date; a date in the past is 0.
 * Null when the header is absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim() ?? '';
  if (value === '') return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * How long to wait before retry number `attempt + 1`: what Retry-After asks for, else exponential back-off
 * (base, 2·base, 4·base, ...), never more than `capMs`.
 */
export function retryDelayMs(
  retryAfter: string | null,
  attempt: number,
  now: number,
  policy: { baseMs: number; capMs: number },
): number {
  const asked = retryAfterMs(retryAfter, now);
  const delay = asked ?? policy.baseMs * 2 ** attempt;
  return Math.min(delay, policy.capMs);
}
