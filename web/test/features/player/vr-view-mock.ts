import { vi } from 'vitest';
import { DEFAULT_FOV, clampFov, zoomFov } from '../../../src/features/player/look-geometry';
import type { VrView } from '../../../src/features/player/vr-view';

/** A stand-in for the three.js view (jsdom has no WebGL): records turns, zooms like the real one. */
export function fakeVrView(): VrView & { turns: [number, number][] } {
  let fov = DEFAULT_FOV;
  const turns: [number, number][] = [];
  return {
    canvas: document.createElement('canvas'),
    turns,
    drag: vi.fn(),
    turn: (dLon, dLat) => {
      turns.push([dLon, dLat]);
    },
    zoom: (deltaY) => (fov = zoomFov(fov, deltaY)),
    getFov: () => fov,
    setFov: (next) => (fov = clampFov(next)),
    resize: vi.fn(),
    enterXr: vi.fn(() => Promise.resolve()),
    dispose: vi.fn(),
  };
}

/** Mocks navigator.xr; returns the restore function. */
export function mockXr(supported: boolean): { requestSession: ReturnType<typeof vi.fn>; restore(): void } {
  const session = { addEventListener: vi.fn(), end: vi.fn(() => Promise.resolve()) };
  const requestSession = vi.fn(() => Promise.resolve(session));
  Object.defineProperty(navigator, 'xr', {
    configurable: true,
    value: { isSessionSupported: vi.fn(() => Promise.resolve(supported)), requestSession },
  });
  return {
    requestSession,
    restore: () => {
      Reflect.deleteProperty(navigator, 'xr');
    },
  };
}
