import { ZERO_TIME } from '@fovea/contract';

/**
 * A stored time or date as the wire carries it: ISO-8601 times pass through, 'YYYY-MM-DD' dates become
 * midnight UTC, and NULL becomes Go's zero time.
 */
export function toWireTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return ZERO_TIME;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00Z`;
  return value;
}

/** The 'YYYY-MM-DD' part of a stored date or time; '' for none. */
export function toDateText(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

/** An INTEGER 0/1 column as a boolean. */
export const flag = (value: number): boolean => value !== 0;
