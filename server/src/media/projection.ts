import type { Projection } from '@fovea/contract';

export interface DetectedProjection {
  projection: Projection;
  /** 'sbs' | 'tb' | 'mono', '' when unknown. */
  stereo_mode: string;
  /** Field of view in degrees, 0 when unknown or flat. */
  fov: number;
  has_alpha: boolean;
}

/**
 * Stereo mode and field of view of each projection.
 *
 * | projection       | stereo | fov | HereSphere (xbvr-facts §3.11)   | DeoVR screenType |
 * |------------------|--------|-----|--------------------------------|------------------|
 * | 180_sbs          | sbs    | 180 | equirectangular, sbs           | dome             |
 * | 180_mono         | mono   | 180 | equirectangular, mono          | dome             |
 * | 180_tb           | tb     | 180 | equirectangular, tb            | dome             |
 * | 360_tb           | tb     | 360 | equirectangular360, tb         | sphere           |
 * | 360_mono         | mono   | 360 | equirectangular360, mono       | sphere           |
 * | mkx200           | sbs    | 200 | fisheye, lens MKX200           | mkx200           |
 * | mkx220           | sbs    | 220 | fisheye, lens MKX220           | mkx220           |
 * | vrca220          | sbs    | 220 | fisheye, lens VRCA220          | vrca220          |
 * | rf52, fisheye190 | sbs    | 190 | fisheye, fov 190               | rf52 / fisheye   |
 * | fisheye          | sbs    | 180 | fisheye, fov 180               | fisheye          |
 * | flat             | mono   | 0   | perspective, mono              | flat             |
 * | '' (portrait)    | ''     | 0   | (player defaults)              |                  |
 *
 * The fov is the real lens/sphere coverage: 360 for the 360 formats (XBVR sends HereSphere 180 there, which
 * HereSphere ignores for equirectangular360), 0 for flat and unknown. rf52 (Canon RF 5.2 mm dual fisheye)
 * is 190 degrees, as in the players' tables.
 */
const TRAITS: Record<Projection, { stereo_mode: string; fov: number }> = {
  '180_sbs': { stereo_mode: 'sbs', fov: 180 },
  '180_mono': { stereo_mode: 'mono', fov: 180 },
  '180_tb': { stereo_mode: 'tb', fov: 180 },
  '360_tb': { stereo_mode: 'tb', fov: 360 },
  '360_mono': { stereo_mode: 'mono', fov: 360 },
  mkx200: { stereo_mode: 'sbs', fov: 200 },
  mkx220: { stereo_mode: 'sbs', fov: 220 },
  vrca220: { stereo_mode: 'sbs', fov: 220 },
  rf52: { stereo_mode: 'sbs', fov: 190 },
  fisheye190: { stereo_mode: 'sbs', fov: 190 },
  fisheye: { stereo_mode: 'sbs', fov: 180 },
  flat: { stereo_mode: 'mono', fov: 0 },
  '': { stereo_mode: '', fov: 0 },
};

/** Stereo mode and fov for a projection (also for one the owner sets by hand). */
export function projectionTraits(projection: Projection): { stereo_mode: string; fov: number } {
  return { ...TRAITS[projection] };
}

/** Tokens taken as the projection itself. */
const AS_IS = new Set<Projection>(['mkx200', 'mkx220', 'rf52', 'fisheye190', 'vrca220', 'flat']);
/** Tokens meaning a generic 180 fisheye. */
const FISHEYE = new Set(['fisheye', 'f180', '180f']);
/** Projections that may carry an alpha (passthrough) channel. */
const ALPHA_CAPABLE = new Set<Projection>(['mkx200', 'mkx220', 'rf52', 'fisheye190', 'vrca220']);

/** First filename token (or adjacent token pair) that names a projection; null when none does. */
function projectionFromTokens(tokens: readonly string[]): Projection | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (AS_IS.has(token as Projection)) return token as Projection;
    if (FISHEYE.has(token)) return 'fisheye';
    const nextToken = tokens[i + 1];
    if (nextToken === undefined) continue;
    if (token === 'mono' && (nextToken === '360' || nextToken === '180')) return `${nextToken}_mono`;
    if ((token === '360' || token === '180') && nextToken === 'mono') return `${token}_mono`;
  }
  return null;
}

/**
 * Projection from the file name and the video's dimensions (xbvr-facts §6.2):
 * - landscape (w > h, or w == 2h): `180_sbs` unless a token of the lowercase name, split on `[ _.-]+`,
 *   says otherwise; the first matching token wins (as-is fisheye-family names and `flat`; `fisheye`/`f180`/
 *   `180f`; the pairs `mono 360`, `mono 180`, `360 mono`, `180 mono`);
 * - has_alpha: a fisheye-family projection (mkx200, mkx220, rf52, fisheye190, vrca220) and an `alpha` token;
 * - square (w == h): `360_tb`, whatever the name says;
 * - portrait: '' (unknown).
 * Unknown dimensions (0 or negative) are treated as landscape, so only the name decides.
 */
export function detectProjection(filename: string, width: number, height: number): DetectedProjection {
  const known = width > 0 && height > 0;
  let projection: Projection = '';
  let hasAlpha = false;
  if (!known || height * 2 === width || width > height) {
    const tokens = filename.toLowerCase().split(/[ _.-]+/);
    projection = projectionFromTokens(tokens) ?? '180_sbs';
    hasAlpha = ALPHA_CAPABLE.has(projection) && tokens.includes('alpha');
  }
  if (known && width === height) {
    projection = '360_tb';
    hasAlpha = false;
  }
  return { projection, ...projectionTraits(projection), has_alpha: hasAlpha };
}
