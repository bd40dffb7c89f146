import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Whether the element takes part in the page: false while it has no size (inside a hidden tab panel,
 * display: none), by a ResizeObserver; true where the browser has none (tests).
 */
export function useIsVisible(ref: RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      setVisible(element.offsetWidth > 0 || element.offsetHeight > 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}
