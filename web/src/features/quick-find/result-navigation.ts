/** Keyboard movement through the Quick find results (-1 = no result highlighted). */

/** Home and End stay with the search field's caret. */
export type ResultMove = 'ArrowDown' | 'ArrowUp';

export const isResultMove = (key: string): key is ResultMove => key === 'ArrowDown' || key === 'ArrowUp';

/**
 * The highlighted index after a key: Down from none goes to the first result, Up from none to the last;
 * both stop at the ends. Without results nothing is highlighted.
 */
export function moveActive(active: number, count: number, key: ResultMove): number {
  if (count <= 0) return -1;
  const last = count - 1;
  const current = Math.min(active, last);
  if (key === 'ArrowDown') return current < 0 ? 0 : Math.min(current + 1, last);
  return current < 0 ? last : Math.max(current - 1, 0);
}
