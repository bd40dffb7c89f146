import { Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Tooltip delay in lists (options-spec §9). */
export const TOOLTIP_DELAY_MS = 500;

interface Tip {
  element: HTMLElement;
  label: string;
}

const tipElement = (target: EventTarget | null, container: HTMLElement): HTMLElement | null => {
  if (!(target instanceof Element)) return null;
  const element = target.closest<HTMLElement>('[data-tip]');
  return element !== null && container.contains(element) ? element : null;
};

/**
 * One tooltip for every `[data-tip]` element inside the container (hover or keyboard focus, after 500 ms),
 * instead of one tooltip component per button of thousands of cards.
 */
export function GridTooltip({ containerRef }: { containerRef: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: HTMLElement | null = null;
    const hide = () => {
      clearTimeout(timer);
      pending = null;
      setTip(null);
    };
    const show = (element: HTMLElement | null) => {
      if (element === pending) return;
      hide();
      if (element === null) return;
      pending = element;
      timer = setTimeout(() => {
        const label = element.dataset.tip ?? '';
        if (label !== '' && element.isConnected) setTip({ element, label });
      }, TOOLTIP_DELAY_MS);
    };
    const onOver = (event: Event) => show(tipElement(event.target, container));
    const onOut = (event: Event) => {
      const next = event instanceof MouseEvent || event instanceof FocusEvent ? event.relatedTarget : null;
      if (pending !== null && next instanceof Node && pending.contains(next)) return;
      if (tipElement(next, container) === null) hide();
    };
    container.addEventListener('pointerover', onOver);
    container.addEventListener('pointerout', onOut);
    container.addEventListener('focusin', onOver);
    container.addEventListener('focusout', onOut);
    container.addEventListener('click', hide);
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      container.removeEventListener('pointerover', onOver);
      container.removeEventListener('pointerout', onOut);
      container.removeEventListener('focusin', onOver);
      container.removeEventListener('focusout', onOut);
      container.removeEventListener('click', hide);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [containerRef]);

  if (tip === null) return null;
  return <Tooltip target={tip.element} label={tip.label} opened withArrow withinPortal />;
}
