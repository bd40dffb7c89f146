import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { pinchFov } from './look-geometry';
import type { SphereSpec } from './projection-geometry';
import { createVrView } from './vr-view';
import type { VrView } from './vr-view';

interface VrCanvasProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  spec: SphereSpec;
  /** Receives the view while mounted (look keys, the VR button), null after. */
  viewRef: RefObject<VrView | null>;
  /** WebGL is missing: the caller shows the plain video instead. */
  onUnavailable: () => void;
  onFovChange: (fov: number) => void;
}

type Point = { x: number; y: number };

const distance = (points: Point[]) => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

/** The video on a sphere or dome filling its box: drag to look around, wheel or pinch to zoom (30–130°). */
export function VrCanvas({ videoRef, spec, viewRef, onUnavailable, onFovChange }: VrCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onUnavailable, onFovChange });
  useEffect(() => {
    callbacks.current = { onUnavailable, onFovChange };
  });

  useEffect(() => {
    const video = videoRef.current;
    const host = hostRef.current;
    if (!video || !host) return undefined;
    let vr: VrView;
    try {
      vr = createVrView(video, spec, host.clientWidth || 640, host.clientHeight || 640);
    } catch (error) {
      console.warn('VR view unavailable', error);
      callbacks.current.onUnavailable();
      return undefined;
    }
    viewRef.current = vr;
    vr.canvas.style.display = 'block';
    host.appendChild(vr.canvas);

    const pointers = new Map<number, Point>();
    let pinch = 0;
    const down = (event: PointerEvent) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      pinch = distance([...pointers.values()]);
      host.setPointerCapture(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      const last = pointers.get(event.pointerId);
      if (!last) return;
      const now = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, now);
      if (pointers.size >= 2) {
        const spread = distance([...pointers.values()]);
        const fov = pinchFov(vr.getFov(), pinch, spread);
        pinch = spread;
        callbacks.current.onFovChange(vr.setFov(fov));
      } else {
        vr.drag(now.x - last.x, now.y - last.y);
      }
    };
    const up = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      pinch = distance([...pointers.values()]);
    };
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      callbacks.current.onFovChange(vr.zoom(event.deltaY));
    };
    host.addEventListener('pointerdown', down);
    host.addEventListener('pointermove', move);
    host.addEventListener('pointerup', up);
    host.addEventListener('pointercancel', up);
    host.addEventListener('wheel', wheel, { passive: false });
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => vr.resize(host.clientWidth, host.clientHeight));
    resize?.observe(host);
    return () => {
      resize?.disconnect();
      host.removeEventListener('pointerdown', down);
      host.removeEventListener('pointermove', move);
      host.removeEventListener('pointerup', up);
      host.removeEventListener('pointercancel', up);
      host.removeEventListener('wheel', wheel);
      viewRef.current = null;
      vr.dispose();
    };
  }, [videoRef, viewRef, spec]);

  return (
    <Box
      ref={hostRef}
      pos="absolute"
      inset={0}
      style={{ cursor: 'grab', touchAction: 'none', overflow: 'hidden' }}
      data-testid="player-vr"
    />
  );
}
