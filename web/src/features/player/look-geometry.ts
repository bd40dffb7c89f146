import { PLAYER_FOV_MAX, PLAYER_FOV_MIN } from '@fovea/contract';
import { directionFromLonLat } from './projection-geometry';
import type { Vec3 } from './projection-geometry';

/** Where the (non-headset) view looks and how wide it sees. */
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
/** Degrees the view turns per look key press (Shift+arrows, WASD in the files overlay). */
export const LOOK_KEY_STEP_DEGREES = 5;
/** The highest the view looks up or down. */
export const MAX_LATITUDE = 85;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A field of view within 30–130°. */
export const clampFov = (fov: number): number => clamp(fov, PLAYER_FOV_MIN, PLAYER_FOV_MAX);

/**
 * The view turned by (dLon, dLat) degrees. Latitude stays within ±85°. With a limit (half sphere, fisheye)
 * the longitude stays within ±limit so the viewer never faces the empty back; without, it wraps to -180..180.
 */
export function turnLook(look: LookAngles, dLon: number, dLat: number, limit: number | null): LookAngles {
  const lat = clamp(look.lat + dLat, -MAX_LATITUDE, MAX_LATITUDE);
  const lon = look.lon + dLon;
  return { lat, lon: limit === null ? ((((lon + 180) % 360) + 360) % 360) - 180 : clamp(lon, -limit, limit) };
}

/** The view after dragging by (dx, dy) pixels: the picture follows the pointer. */
export function dragLook(look: LookAngles, dx: number, dy: number, limit: number | null): LookAngles {
  return turnLook(look, -dx * DRAG_DEGREES_PER_PX, dy * DRAG_DEGREES_PER_PX, limit);
}

/** The field of view after a wheel turn (positive deltaY zooms out), clamped to 30–130°. */
export function zoomFov(fov: number, deltaY: number): number {
  return clampFov(fov + (deltaY / 100) * ZOOM_DEGREES_PER_STEP);
}

/** The field of view after a pinch from `before` to `after` pixels apart (spreading zooms in), 30–130°. */
export function pinchFov(fov: number, before: number, after: number): number {
  if (before <= 0 || after <= 0) return clampFov(fov);
  return clampFov((fov * before) / after);
}

/** Unit vector of the looking direction (three.js axes: -z ahead, +x right, +y up). */
export function lookDirection({ lon, lat }: LookAngles): Vec3 {
  return directionFromLonLat(lon, lat);
}
