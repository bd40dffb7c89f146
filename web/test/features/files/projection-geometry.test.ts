import { PROJECTIONS } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  dragLook,
  lookDirection,
  projectionView,
  sphereShape,
  zoomFov,
} from '../../../src/features/player/projection-geometry';

describe('player projection geometry', () => {
  it('plays flat and unknown projections as plain video', () => {
    expect(projectionView('flat')).toEqual({ kind: 'flat' });
    expect(projectionView('')).toEqual({ kind: 'flat' });
  });

  it('shows 180° side-by-side and the fisheye family on a half sphere with the left eye', () => {
    for (const projection of [
      '180_sbs',
      'mkx200',
      'mkx220',
      'vrca220',
      'rf52',
      'fisheye190',
      'fisheye',
    ] as const) {
      expect(projectionView(projection)).toMatchObject({
        kind: 'sphere',
        degrees: 180,
        crop: { offsetX: 0, offsetY: 0, repeatX: 0.5, repeatY: 1 },
      });
    }
  });

  it('uses the top half of top-bottom video and the whole frame of mono video', () => {
    expect(projectionView('180_tb')).toMatchObject({
      degrees: 180,
      crop: { offsetY: 0.5, repeatX: 1, repeatY: 0.5 },
    });
    expect(projectionView('360_tb')).toMatchObject({ degrees: 360, crop: { offsetY: 0.5, repeatY: 0.5 } });
    expect(projectionView('360_mono')).toMatchObject({ degrees: 360, crop: { repeatX: 1, repeatY: 1 } });
    expect(projectionView('180_mono')).toMatchObject({ degrees: 180, crop: { repeatX: 1, repeatY: 1 } });
  });

  it('has a view for every projection of the contract', () => {
    for (const projection of PROJECTIONS) expect(projectionView(projection).kind).toMatch(/flat|sphere/);
  });

  it('puts the middle of the frame straight ahead', () => {
    for (const degrees of [180, 360] as const) {
      const shape = sphereShape(degrees);
      const middle = shape.phiStart + shape.phiLength / 2;
      // Mirrored sphere: x = cos(phi) sin(theta), z = sin(phi) sin(theta); ahead is -z.
      expect(Math.sin(middle)).toBeCloseTo(-1);
      expect(shape.thetaLength).toBeCloseTo(Math.PI);
    }
    expect(sphereShape(180).phiLength).toBeCloseTo(Math.PI);
    expect(sphereShape(360).phiLength).toBeCloseTo(2 * Math.PI);
    const [x, y, z] = lookDirection({ lon: 0, lat: 0 });
    expect([x, y, z].map((v) => Math.round(v * 1000) / 1000)).toEqual([0, 0, -1]);
    expect(lookDirection({ lon: 90, lat: 0 })[0]).toBeCloseTo(1);
  });

  it('clamps the field of view to 30–130° and the look to the picture', () => {
    expect(zoomFov(90, 100)).toBe(95);
    expect(zoomFov(90, -100)).toBe(85);
    expect(zoomFov(128, 1000)).toBe(130);
    expect(zoomFov(32, -1000)).toBe(30);
    expect(dragLook({ lon: 0, lat: 0 }, -10_000, 10_000, 180)).toEqual({ lon: 90, lat: 85 });
    expect(dragLook({ lon: 170, lat: 0 }, -100, 0, 360).lon).toBeCloseTo(-175);
  });
});
