import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from '../../src/components/use-after-paint';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => vi.useRealTimers());

describe('useAfterPaint', () => {
  it('turns true only after a frame has passed since it was ready, and stays true', () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(20));
    expect(result.current).toBe(true);
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
