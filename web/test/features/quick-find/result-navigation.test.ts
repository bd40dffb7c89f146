import { describe, expect, it } from 'vitest';
import { isResultMove, moveActive } from '../../../src/features/quick-find/result-navigation';

describe('quick find result navigation', () => {
  it('starts at the first result going down and at the last going up', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
  });

  it('steps and stops at both ends', () => {
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(2);
    expect(moveActive(1, 3, 'ArrowUp')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(0);
  });

  it('highlights nothing without results and copes with a shrunk list', () => {
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
    expect(moveActive(7, 3, 'ArrowUp')).toBe(1);
  });

  it('leaves Home, End and Enter to the field', () => {
    expect(['ArrowDown', 'ArrowUp'].every(isResultMove)).toBe(true);
    expect(['Home', 'End', 'Enter'].some(isResultMove)).toBe(false);
  });
});
