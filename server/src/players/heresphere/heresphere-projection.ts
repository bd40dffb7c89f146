import type { Projection } from '@fovea/contract';

/** How HereSphere should show a video: its projection, stereo layout, field of view and lens. */
export interface HeresphereView {
  projection: string;
  stereo: string;
  fov: number;
  lens: string;
}

const DEFAULT_VIEW: HeresphereView = {
  projection: 'equirectangular',
  stereo: 'sbs',
  fov: 180,
  lens: 'Linear',
};

/** File projection → HereSphere view (xbvr-facts §3.11); anything else is 180° SBS. */
const VIEWS: Partial<Record<Projection, Partial<HeresphereView>>> = {
  flat: { projection: 'perspective', stereo: 'mono' },
  '180_mono': { stereo: 'mono' },
  '360_mono': { projection: 'equirectangular360', stereo: 'mono' },
  '180_sbs': {},
  '180_tb': { stereo: 'tb' },
  '360_tb': { projection: 'equirectangular360', stereo: 'tb' },
  mkx200: { projection: 'fisheye', fov: 200, lens: 'MKX200' },
  mkx220: { projection: 'fisheye', fov: 220, lens: 'MKX220' },
  vrca220: { projection: 'fisheye', fov: 220, lens: 'VRCA220' },
  rf52: { projection: 'fisheye', fov: 190 },
  fisheye190: { projection: 'fisheye', fov: 190 },
  fisheye: { projection: 'fisheye' },
};

export function heresphereView(projection: Projection | undefined): HeresphereView {
  return { ...DEFAULT_VIEW, ...(projection === undefined ? {} : VIEWS[projection]) };
}

/** The source resolution HereSphere lists: the frame height, or half of it for 360° top-bottom. */
export function sourceResolution(projection: Projection, height: number): number {
  return projection === '360_tb' ? Math.round(height / 2) : height;
}

/** The "FOV: …°" feature of a projection (360 for the 360° ones); undefined for flat video. */
export function fovFeature(projection: Projection | undefined): string | undefined {
  if (projection === 'flat') return undefined;
  if (projection === '360_mono' || projection === '360_tb') return 'FOV: 360°';
  return `FOV: ${heresphereView(projection).fov}°`;
}
