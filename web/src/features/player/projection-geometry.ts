import type { Projection } from '@fovea/contract';

/*
 * How each file projection maps a looking direction to a point of the video frame. Pure functions, so the
 * mapping is tested without WebGL; vr-view.ts only turns the meshes built here into three.js objects.
 *
 * Axes as in three.js: -z straight ahead, +x right, +y up. Texture coordinates as three.js samples a video
 * texture: u = 0 left edge, v = 0 BOTTOM edge of the frame.
 */

export type Vec3 = readonly [number, number, number];
export type Uv = readonly [number, number];

/** How the two eyes share the frame: one picture, side by side (left eye left), or top-bottom (left eye top). */
export type StereoLayout = 'mono' | 'sbs' | 'tb';
export type Eye = 'left' | 'right';

export type ProjectionSpec =
  | { kind: 'flat' }
  /** Equirectangular: longitude linear in u, latitude linear in v, over 180° or 360° horizontally. */
  | { kind: 'equirect'; degrees: 180 | 360; stereo: StereoLayout }
  /** Equidistant fisheye: the angle from the lens axis is linear in the radius of the eye's image circle. */
  | { kind: 'fisheye'; fov: number; stereo: StereoLayout };

/** The rectangle of the frame one eye sees, in texture units (v0 is its bottom edge). */
export interface EyeRegion {
  u0: number;
  v0: number;
  width: number;
  height: number;
}

/**
 * The spec of each projection (xbvr-facts §3.11): flat and unknown as plain video; 180°/360° equirectangular
 * mono, side-by-side or top-bottom; the fisheye lenses by their field of view (MKX200 200°, MKX220 and VRCA220
 * 220°, RF52 and Fisheye190 190°, plain fisheye 180°), all side-by-side.
 */
export function projectionSpec(projection: Projection): ProjectionSpec {
  switch (projection) {
    case 'flat':
    case '':
      return { kind: 'flat' };
    case '180_sbs':
      return { kind: 'equirect', degrees: 180, stereo: 'sbs' };
    case '180_mono':
      return { kind: 'equirect', degrees: 180, stereo: 'mono' };
    case '180_tb':
      return { kind: 'equirect', degrees: 180, stereo: 'tb' };
    case '360_tb':
      return { kind: 'equirect', degrees: 360, stereo: 'tb' };
    case '360_mono':
      return { kind: 'equirect', degrees: 360, stereo: 'mono' };
    case 'mkx200':
      return { kind: 'fisheye', fov: 200, stereo: 'sbs' };
    case 'mkx220':
    case 'vrca220':
      return { kind: 'fisheye', fov: 220, stereo: 'sbs' };
    case 'rf52':
    case 'fisheye190':
      return { kind: 'fisheye', fov: 190, stereo: 'sbs' };
    case 'fisheye':
      return { kind: 'fisheye', fov: 180, stereo: 'sbs' };
  }
}

export type SphereSpec = Exclude<ProjectionSpec, { kind: 'flat' }>;

/** The region of the frame an eye sees: SBS left eye = left half, TB left eye = top half; mono = all of it. */
export function eyeRegion(stereo: StereoLayout, eye: Eye): EyeRegion {
  switch (stereo) {
    case 'mono':
      return { u0: 0, v0: 0, width: 1, height: 1 };
    case 'sbs':
      return { u0: eye === 'left' ? 0 : 0.5, v0: 0, width: 0.5, height: 1 };
    case 'tb':
      return { u0: 0, v0: eye === 'left' ? 0.5 : 0, width: 1, height: 0.5 };
  }
}

/** A point (s, t) of an eye's picture (0..1 each, t up) in frame texture units. */
export function regionUv(region: EyeRegion, s: number, t: number): Uv {
  return [region.u0 + s * region.width, region.v0 + t * region.height];
}

const DEG = Math.PI / 180;

/** Unit vector of a longitude (degrees right of ahead) and latitude (degrees above the horizon). */
export function directionFromLonLat(lon: number, lat: number): Vec3 {
  const lonRad = lon * DEG;
  const latRad = lat * DEG;
  return [Math.sin(lonRad) * Math.cos(latRad), Math.sin(latRad), -Math.cos(lonRad) * Math.cos(latRad)];
}

/**
 * Equirectangular: where longitude `lon` and latitude `lat` (degrees) fall in an eye's region. 180°: -90..90
 * spans the region's width, ahead in the middle; 360°: -180..180, ahead in the middle. Null outside the span.
 */
export function equirectUv(degrees: 180 | 360, region: EyeRegion, lon: number, lat: number): Uv | null {
  const half = degrees / 2;
  if (lon < -half || lon > half || lat < -90 || lat > 90) return null;
  return regionUv(region, (lon + half) / degrees, (lat + 90) / 180);
}

/**
 * Equidistant fisheye: the direction's angle theta from the lens axis (straight ahead) gives the radius
 * r = theta / (fov / 2) * 0.5 around the middle of the eye's picture, in the direction the vector points
 * across the axis (right is right, up is up). The rim of the image circle (theta = fov / 2) is radius 0.5;
 * beyond it the lens saw nothing: null.
 */
export function fisheyeUv(fov: number, region: EyeRegion, direction: Vec3): Uv | null {
  const [x, y, z] = direction;
  const length = Math.hypot(x, y, z);
  if (length === 0) return null;
  const theta = Math.acos(Math.min(1, Math.max(-1, -z / length)));
  const halfFov = (fov / 2) * DEG;
  if (theta > halfFov + 1e-9) return null;
  const across = Math.hypot(x, y);
  const r = (Math.min(theta, halfFov) / halfFov) * 0.5;
  const [cos, sin] = across === 0 ? [0, 0] : [x / across, y / across];
  return regionUv(region, 0.5 + r * cos, 0.5 + r * sin);
}

/** The frame point a direction shows for an eye, or null when that projection has nothing there. */
export function directionUv(spec: SphereSpec, eye: Eye, direction: Vec3): Uv | null {
  const region = eyeRegion(spec.stereo, eye);
  if (spec.kind === 'fisheye') return fisheyeUv(spec.fov, region, direction);
  const [x, y, z] = direction;
  const length = Math.hypot(x, y, z);
  const lat = Math.asin(Math.min(1, Math.max(-1, y / length))) / DEG;
  // At the poles every longitude is the same point: take the middle.
  const lon = Math.hypot(x, z) < 1e-12 ? 0 : Math.atan2(x, -z) / DEG;
  return equirectUv(spec.degrees, region, lon, lat);
}

/** Vertices (xyz), texture coordinates (uv) and triangles of the surface one eye's picture is drawn on. */
export interface DomeMesh {
  positions: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
}

export const DOME_SEGMENTS = { around: 96, along: 48 } as const;

/**
 * The surface an eye's picture is drawn on, seen from its centre: for equirectangular video a grid over
 * longitude and latitude (a half or whole sphere); for fisheye video a cap around the lens axis, out to the
 * rim of the image circle, as rings of equal angle. Each vertex carries the texture point of its direction,
 * computed from the grid parameters so a 360° sphere has no wrap seam.
 */
export function buildDome(spec: SphereSpec, eye: Eye, radius: number): DomeMesh {
  const region = eyeRegion(spec.stereo, eye);
  const { around, along } = DOME_SEGMENTS;
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let j = 0; j <= along; j++) {
    for (let i = 0; i <= around; i++) {
      const a = i / around;
      const b = j / along;
      let direction: Vec3;
      let uv: Uv | null;
      if (spec.kind === 'equirect') {
        const lon = (a - 0.5) * spec.degrees;
        const lat = 90 - b * 180;
        direction = directionFromLonLat(lon, lat);
        uv = equirectUv(spec.degrees, region, lon, lat);
      } else {
        // Ring j at angle theta from the axis, vertex i at angle psi around it.
        const theta = b * (spec.fov / 2) * DEG;
        const psi = a * 2 * Math.PI;
        direction = [Math.sin(theta) * Math.cos(psi), Math.sin(theta) * Math.sin(psi), -Math.cos(theta)];
        uv = fisheyeUv(spec.fov, region, direction);
      }
      positions.push(direction[0] * radius, direction[1] * radius, direction[2] * radius);
      uvs.push(...(uv ?? regionUv(region, 0.5, 0.5)));
    }
  }
  const indices: number[] = [];
  const row = around + 1;
  for (let j = 0; j < along; j++) {
    for (let i = 0; i < around; i++) {
      const p = j * row + i;
      indices.push(p, p + row, p + 1, p + 1, p + row, p + row + 1);
    }
  }
  return {
    positions: new Float32Array(positions),
    uvs: new Float32Array(uvs),
    indices: new Uint32Array(indices),
  };
}

/** Whether the two eyes see different pictures (one mesh per eye in WebXR). */
export const isStereo = (spec: SphereSpec): boolean => spec.stereo !== 'mono';

/** How far (degrees, either way) the view may turn from ahead: 360° video has no limit. */
export function lookLimit(spec: SphereSpec): number | null {
  return spec.kind === 'equirect' && spec.degrees === 360 ? null : 90;
}
