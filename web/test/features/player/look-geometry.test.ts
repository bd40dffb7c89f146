import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOV,
  clampFov,
  dragLook,
  lookDirection,
  pinchFov,
  turnLook,
  zoomFov,
} from '../../../src/features/player/look-geometry';

const rounded = (values: readonly number[]) => values.map((v) => Math.round(v * 1000) / 1000 + 0);

describe('looking around and zooming', () => {
  it('looks straight ahead (-z) at first, right is +x, up is +y', () => {
    expect(rounded(lookDirection({ lon: 0, lat: 0 }))).toEqual([0, 0, -1]);
    expect(rounded(lookDirection({ lon: 90, lat: 0 }))).toEqual([1, 0, 0]);
    expect(rounded(lookDirection({ lon: 0, lat: 90 }))).toEqual([0, 1, 0]);
  });

  it('clamps the field of view to 30–130° for the wheel, pinches and direct values', () => {
    expect(DEFAULT_FOV).toBe(90);
    expect(zoomFov(90, 100)).toBe(95);
    expect(zoomFov(90, -100)).toBe(85);
    expect(zoomFov(128, 1000)).toBe(130);
    expect(zoomFov(32, -1000)).toBe(30);
    expect(pinchFov(90, 100, 200)).toBe(45);
    expect(pinchFov(90, 200, 100)).toBe(130);
    expect(pinchFov(40, 100, 400)).toBe(30);
    expect(pinchFov(90, 0, 100)).toBe(90);
    expect(clampFov(10)).toBe(30);
    expect(clampFov(500)).toBe(130);
  });

  it('follows the pointer when dragging, within ±90° on a half sphere and ±85° up and down', () => {
    expect(dragLook({ lon: 0, lat: 0 }, -100, 0, 90)).toEqual({ lon: 15, lat: 0 });
    expect(dragLook({ lon: 0, lat: 0 }, -10_000, 10_000, 90)).toEqual({ lon: 90, lat: 85 });
    expect(dragLook({ lon: 0, lat: 0 }, 10_000, -10_000, 90)).toEqual({ lon: -90, lat: -85 });
  });

  it('wraps around on 360° video', () => {
    expect(turnLook({ lon: 170, lat: 0 }, 15, 0, null).lon).toBeCloseTo(-175);
    expect(turnLook({ lon: -170, lat: 0 }, -20, 0, null).lon).toBeCloseTo(170);
    expect(turnLook({ lon: 80, lat: 0 }, 20, 0, 90).lon).toBe(90);
  });
});
