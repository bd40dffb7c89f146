import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { ProjectionView } from './projection-geometry';
import { createVrView } from './vr-view';

type SphereView = Extract<ProjectionView, { kind: 'sphere' }>;

interface VrCanvasProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  view: SphereView;
  size: number;
  /** WebGL is missing: the caller shows the plain video instead. */
  onUnavailable: () => void;
  onFovChange?: (fov: number) => void;
}

/** The video on a (half) sphere: drag to look around, wheel to zoom (field of view 30–130°). */
export function VrCanvas({ videoRef, view, size, onUnavailable, onFovChange }: VrCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onUnavailable, onFovChange });
  useEffect(() => {
    callbacks.current = { onUnavailable, onFovChange };
  });

  useEffect(() => {
    const video = videoRef.current;
    const host = hostRef.current;
    if (!video || !host) return undefined;
    let vr: ReturnType<typeof createVrView>;
    try {
      vr = createVrView(video, view, size);
    } catch (error) {
      console.warn('VR view unavailable', error);
      callbacks.current.onUnavailable();
      return undefined;
    }
    host.appendChild(vr.canvas);

    let last: { x: number; y: number } | null = null;
    const down = (event: PointerEvent) => {
      last = { x: event.clientX, y: event.clientY };
      host.setPointerCapture(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      if (last === null) return;
      vr.drag(event.clientX - last.x, event.clientY - last.y);
      last = { x: event.clientX, y: event.clientY };
    };
    const up = () => {
      last = null;
    };
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      callbacks.current.onFovChange?.(vr.zoom(event.deltaY));
    };
    host.addEventListener('pointerdown', down);
    host.addEventListener('pointermove', move);
    host.addEventListener('pointerup', up);
    host.addEventListener('pointercancel', up);
    host.addEventListener('wheel', wheel, { passive: false });
    return () => {
      host.removeEventListener('pointerdown', down);
      host.removeEventListener('pointermove', move);
      host.removeEventListener('pointerup', up);
      host.removeEventListener('pointercancel', up);
      host.removeEventListener('wheel', wheel);
      vr.dispose();
    };
  }, [videoRef, view, size]);

  return (
    <Box
      ref={hostRef}
      w={size}
      h={size}
      style={{ cursor: 'grab', touchAction: 'none' }}
      data-testid="player-vr"
    />
  );
}
