import { PROJECTIONS } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  DOME_SEGMENTS,
  buildDome,
  directionFromLonLat,
  directionUv,
  equirectUv,
  eyeRegion,
  fisheyeUv,
  lookLimit,
  projectionSpec,
} from '../../../src/features/player/projection-geometry';
import type { SphereSpec, Uv, Vec3 } from '../../../src/features/player/projection-geometry';

const AHEAD: Vec3 = [0, 0, -1];
const DEG = Math.PI / 180;

/** A direction `theta` degrees off the lens axis, turned `psi` degrees around it (0 = right, 90 = up). */
const offAxis = (theta: number, psi: number): Vec3 => [
  Math.sin(theta * DEG) * Math.cos(psi * DEG),
  Math.sin(theta * DEG) * Math.sin(psi * DEG),
  -Math.cos(theta * DEG),
];

const expectUv = (actual: Uv | null, expected: [number, number]) => {
  expect(actual).not.toBeNull();
  expect(actual?.[0]).toBeCloseTo(expected[0], 6);
  expect(actual?.[1]).toBeCloseTo(expected[1], 6);
};

const sphere = (projection: (typeof PROJECTIONS)[number]): SphereSpec => {
  const spec = projectionSpec(projection);
  if (spec.kind === 'flat') throw new Error(`${projection} is flat`);
  return spec;
};

describe('projection specs', () => {
  it('plays flat and unknown projections as plain video', () => {
    expect(projectionSpec('flat')).toEqual({ kind: 'flat' });
    expect(projectionSpec('')).toEqual({ kind: 'flat' });
  });

  it('maps every projection of the contract to its shape, stereo layout and lens', () => {
    const table = Object.fromEntries(PROJECTIONS.map((p) => [p, projectionSpec(p)]));
    expect(table).toEqual({
      flat: { kind: 'flat' },
      '': { kind: 'flat' },
      '180_sbs': { kind: 'equirect', degrees: 180, stereo: 'sbs' },
      '180_mono': { kind: 'equirect', degrees: 180, stereo: 'mono' },
      '180_tb': { kind: 'equirect', degrees: 180, stereo: 'tb' },
      '360_tb': { kind: 'equirect', degrees: 360, stereo: 'tb' },
      '360_mono': { kind: 'equirect', degrees: 360, stereo: 'mono' },
      mkx200: { kind: 'fisheye', fov: 200, stereo: 'sbs' },
      mkx220: { kind: 'fisheye', fov: 220, stereo: 'sbs' },
      vrca220: { kind: 'fisheye', fov: 220, stereo: 'sbs' },
      rf52: { kind: 'fisheye', fov: 190, stereo: 'sbs' },
      fisheye190: { kind: 'fisheye', fov: 190, stereo: 'sbs' },
      fisheye: { kind: 'fisheye', fov: 180, stereo: 'sbs' },
    });
  });

  it('gives the left eye the left half (SBS) or top half (TB, v up) and the right eye the other', () => {
    expect(eyeRegion('sbs', 'left')).toEqual({ u0: 0, v0: 0, width: 0.5, height: 1 });
    expect(eyeRegion('sbs', 'right')).toEqual({ u0: 0.5, v0: 0, width: 0.5, height: 1 });
    expect(eyeRegion('tb', 'left')).toEqual({ u0: 0, v0: 0.5, width: 1, height: 0.5 });
    expect(eyeRegion('tb', 'right')).toEqual({ u0: 0, v0: 0, width: 1, height: 0.5 });
    expect(eyeRegion('mono', 'right')).toEqual({ u0: 0, v0: 0, width: 1, height: 1 });
  });

  it('lets the view turn ±90° on half spheres and fisheye domes, freely on 360° video', () => {
    expect(lookLimit(sphere('180_sbs'))).toBe(90);
    expect(lookLimit(sphere('mkx220'))).toBe(90);
    expect(lookLimit(sphere('360_mono'))).toBeNull();
  });
});

describe('equirectangular mapping', () => {
  it('180° SBS: ahead is the middle of the left half, ±90° its edges, the poles top and bottom', () => {
    const left = eyeRegion('sbs', 'left');
    expectUv(equirectUv(180, left, 0, 0), [0.25, 0.5]);
    expectUv(equirectUv(180, left, 90, 0), [0.5, 0.5]);
    expectUv(equirectUv(180, left, -90, 0), [0, 0.5]);
    expectUv(equirectUv(180, left, 0, 90), [0.25, 1]);
    expectUv(equirectUv(180, left, 45, -45), [0.375, 0.25]);
    expect(equirectUv(180, left, 120, 0)).toBeNull();
    expectUv(equirectUv(180, eyeRegion('sbs', 'right'), 0, 0), [0.75, 0.5]);
  });

  it('180° TB and mono, 360° TB and mono', () => {
    expectUv(equirectUv(180, eyeRegion('tb', 'left'), 0, 0), [0.5, 0.75]);
    expectUv(equirectUv(180, eyeRegion('tb', 'right'), 0, 0), [0.5, 0.25]);
    expectUv(equirectUv(180, eyeRegion('mono', 'left'), 0, 0), [0.5, 0.5]);
    expectUv(equirectUv(360, eyeRegion('tb', 'left'), 0, 0), [0.5, 0.75]);
    expectUv(equirectUv(360, eyeRegion('tb', 'left'), 180, -90), [1, 0.5]);
    expectUv(equirectUv(360, eyeRegion('mono', 'left'), -90, 0), [0.25, 0.5]);
    expectUv(equirectUv(360, eyeRegion('mono', 'left'), 180, 0), [1, 0.5]);
  });

  it('reads longitude and latitude back from directions (right is +x, up is +y)', () => {
    expectUv(directionUv(sphere('180_sbs'), 'left', AHEAD), [0.25, 0.5]);
    expectUv(directionUv(sphere('180_sbs'), 'left', [1, 0, 0]), [0.5, 0.5]);
    expectUv(directionUv(sphere('360_mono'), 'left', [0, 1, 0]), [0.5, 1]);
    expectUv(directionUv(sphere('360_tb'), 'right', directionFromLonLat(-90, 30)), [0.25, (120 / 180) * 0.5]);
    expect(directionUv(sphere('180_mono'), 'left', [0, 0, 1])).toBeNull();
  });
});

describe('fisheye mapping (equidistant, r = theta / (fov/2) * 0.5 in the eye half)', () => {
  const left = eyeRegion('sbs', 'left');

  it('puts the lens axis at the middle of the eye picture', () => {
    for (const fov of [180, 190, 200, 220]) expectUv(fisheyeUv(fov, left, AHEAD), [0.25, 0.5]);
    expectUv(fisheyeUv(200, eyeRegion('sbs', 'right'), AHEAD), [0.75, 0.5]);
  });

  it('puts the rim (theta = fov/2) at radius 0.5 of the eye picture, right and up as in the world', () => {
    for (const fov of [180, 190, 200, 220]) {
      expectUv(fisheyeUv(fov, left, offAxis(fov / 2, 0)), [0.5, 0.5]);
      expectUv(fisheyeUv(fov, left, offAxis(fov / 2, 90)), [0.25, 1]);
      expectUv(fisheyeUv(fov, left, offAxis(fov / 2, 180)), [0, 0.5]);
      expectUv(fisheyeUv(fov, left, offAxis(fov / 2, 270)), [0.25, 0]);
    }
  });

  it('is linear in the angle and sees nothing beyond the rim', () => {
    // MKX200: straight right (90° off axis) is 90/100 of the way to the rim.
    expectUv(fisheyeUv(200, left, [1, 0, 0]), [0.25 + 0.5 * 0.45, 0.5]);
    // MKX220: 55° off axis, 45° around: radius 0.25.
    const r = 0.25;
    expectUv(fisheyeUv(220, left, offAxis(55, 45)), [0.25 + 0.5 * r * Math.SQRT1_2, 0.5 + r * Math.SQRT1_2]);
    // Beyond 90° the 200° lens still sees (behind the viewer's shoulder); the 180° lens does not.
    expect(fisheyeUv(200, left, offAxis(95, 0))).not.toBeNull();
    expect(fisheyeUv(180, left, offAxis(95, 0))).toBeNull();
    expect(fisheyeUv(220, left, [0, 0, 1])).toBeNull();
  });

  it('stays within the left half for the left eye of side-by-side video', () => {
    for (let theta = 0; theta <= 110; theta += 10) {
      for (let psi = 0; psi < 360; psi += 30) {
        const uv = fisheyeUv(220, left, offAxis(theta, psi));
        expect(uv?.[0]).toBeGreaterThanOrEqual(0);
        expect(uv?.[0]).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
  });
});

describe('dome meshes', () => {
  const vertexCount = (DOME_SEGMENTS.around + 1) * (DOME_SEGMENTS.along + 1);

  it.each(PROJECTIONS.filter((p) => projectionSpec(p).kind !== 'flat'))(
    '%s: every vertex carries the texture point of its direction, inside the eye region',
    (projection) => {
      const spec = sphere(projection);
      for (const eye of ['left', 'right'] as const) {
        const mesh = buildDome(spec, eye, 10);
        const region = eyeRegion(spec.stereo, eye);
        expect(mesh.positions.length).toBe(vertexCount * 3);
        expect(mesh.uvs.length).toBe(vertexCount * 2);
        expect(Math.max(...mesh.indices)).toBe(vertexCount - 1);
        for (let i = 0; i < vertexCount; i += 7) {
          const p: Vec3 = [
            mesh.positions[i * 3] ?? 0,
            mesh.positions[i * 3 + 1] ?? 0,
            mesh.positions[i * 3 + 2] ?? 0,
          ];
          expect(Math.hypot(...p)).toBeCloseTo(10, 4);
          const u = mesh.uvs[i * 2] ?? -1;
          const v = mesh.uvs[i * 2 + 1] ?? -1;
          expect(u).toBeGreaterThanOrEqual(region.u0 - 1e-6);
          expect(u).toBeLessThanOrEqual(region.u0 + region.width + 1e-6);
          expect(v).toBeGreaterThanOrEqual(region.v0 - 1e-6);
          expect(v).toBeLessThanOrEqual(region.v0 + region.height + 1e-6);
          // Away from the poles and the 360° wrap, the stored texture point is the direction's.
          const [x, y, z] = p;
          const nearPole = Math.abs(y) > 9.99;
          const nearWrap = spec.kind === 'equirect' && z > 0 && Math.abs(x) < 0.01;
          const expected = directionUv(spec, eye, p);
          if (!nearPole && !nearWrap && expected) {
            expect(u).toBeCloseTo(expected[0], 4);
            expect(v).toBeCloseTo(expected[1], 4);
          }
        }
      }
    },
  );

  it('draws a fisheye dome out to the rim of its lens and a 180° sphere over the front half', () => {
    const dome = buildDome(sphere('mkx220'), 'left', 1);
    const zs = Array.from({ length: dome.positions.length / 3 }, (_, i) => dome.positions[i * 3 + 2] ?? 0);
    // 110° off axis: z = -cos(110°) ≈ 0.342 (behind the viewer).
    expect(Math.max(...zs)).toBeCloseTo(-Math.cos(110 * DEG), 4);
    const half = buildDome(sphere('180_mono'), 'left', 1);
    const halfZs = Array.from(
      { length: half.positions.length / 3 },
      (_, i) => half.positions[i * 3 + 2] ?? 0,
    );
    expect(Math.max(...halfZs)).toBeLessThan(1e-6);
  });
});
