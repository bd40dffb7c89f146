import { useEffect, useState } from 'react';

/**
 * True once `ready` has been true through one painted frame: work started then (a slow call, its rendering)
 * no longer delays what is already on screen, such as the first cards of a page. It stays true.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame comes before the paint; the task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
