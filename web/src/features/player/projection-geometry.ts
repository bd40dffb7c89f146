import { PLAYER_FOV_MAX, PLAYER_FOV_MIN } from '@fovea/contract';
import type { Projection } from '@fovea/contract';

/** The part of the video frame one eye sees, in texture units (v = 0 is the bottom of the frame). */
export interface TextureCrop {
  offsetX: number;
  offsetY: number;
  repeatX: number;
  repeatY: number;
}

/** A half or full sphere seen from inside, from the angles SphereGeometry takes (radians). */
export interface SphereShape {
  phiStart: number;
  phiLength: number;
  thetaStart: number;
  thetaLength: number;
}

export type ProjectionView =
  { kind: 'flat' } | { kind: 'sphere'; degrees: 180 | 360; shape: SphereShape; crop: TextureCrop };

const WHOLE: TextureCrop = { offsetX: 0, offsetY: 0, repeatX: 1, repeatY: 1 };
const LEFT_HALF: TextureCrop = { offsetX: 0, offsetY: 0, repeatX: 0.5, repeatY: 1 };
const TOP_HALF: TextureCrop = { offsetX: 0, offsetY: 0.5, repeatX: 1, repeatY: 0.5 };

/**
 * The sphere part for a horizontal span. With the sphere mirrored in x (seen from inside), phi = 3π/2 is
 * straight ahead (-z) and phi grows to the right, so the middle of the frame faces the viewer.
 */
export function sphereShape(degrees: 180 | 360): SphereShape {
  return degrees === 180
    ? { phiStart: Math.PI, phiLength: Math.PI, thetaStart: 0, thetaLength: Math.PI }
    : { phiStart: Math.PI / 2, phiLength: 2 * Math.PI, thetaStart: 0, thetaLength: Math.PI };
}

const sphere = (degrees: 180 | 360, crop: TextureCrop): ProjectionView => ({
  kind: 'sphere',
  degrees,
  shape: sphereShape(degrees),
  crop,
});

/**
 * How a file of a projection is shown: flat (and unknown) as plain video; 180° side-by-side and the fisheye
 * family (approximated as 180° SBS) on a half sphere with the left eye; top-bottom with the top half; 360° on
 * a full sphere.
 */
export function projectionView(projection: Projection): ProjectionView {
  switch (projection) {
    case 'flat':
    case '':
      return { kind: 'flat' };
    case '180_mono':
      return sphere(180, WHOLE);
    case '180_tb':
      return sphere(180, TOP_HALF);
    case '360_tb':
      return sphere(360, TOP_HALF);
    case '360_mono':
      return sphere(360, WHOLE);
    case '180_sbs':
    case 'mkx200':
    case 'mkx220':
    case 'vrca220':
    case 'rf52':
    case 'fisheye190':
    case 'fisheye':
      return sphere(180, LEFT_HALF);
  }
}

export interface LookAngles {
  /** Degrees to the right of straight ahead. */
  lon: number;
  /** Degrees above the horizon. */
  lat: number;
}

export const DEFAULT_FOV = 90;
/** Degrees the view turns per dragged pixel. */
export const DRAG_DEGREES_PER_PX = 0.15;
/** Degrees of field of view per wheel step (deltaY of 100). */
export const ZOOM_DEGREES_PER_STEP = 5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The view after dragging by (dx, dy) pixels: the picture follows the pointer. Latitude stays within ±85°;
 * on a half sphere the longitude stays within ±90° so the viewer never faces the empty back.
 */
export function dragLook(look: LookAngles, dx: number, dy: number, degrees: 180 | 360): LookAngles {
  const lat = clamp(look.lat + dy * DRAG_DEGREES_PER_PX, -85, 85);
  const lon = look.lon - dx * DRAG_DEGREES_PER_PX;
  return { lat, lon: degrees === 180 ? clamp(lon, -90, 90) : ((((lon + 180) % 360) + 360) % 360) - 180 };
}

/** The field of view after a wheel turn (positive deltaY zooms out), clamped to 30–130°. */
export function zoomFov(fov: number, deltaY: number): number {
  return clamp(fov + (deltaY / 100) * ZOOM_DEGREES_PER_STEP, PLAYER_FOV_MIN, PLAYER_FOV_MAX);
}

/** Unit vector of the looking direction (three.js axes: -z ahead, +x right, +y up). */
export function lookDirection({ lon, lat }: LookAngles): [number, number, number] {
  const lonRad = (lon * Math.PI) / 180;
  const latRad = (lat * Math.PI) / 180;
  return [Math.sin(lonRad) * Math.cos(latRad), Math.sin(latRad), -Math.cos(lonRad) * Math.cos(latRad)];
}
