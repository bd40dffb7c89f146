/**
 * Small colour maths for heatmaps: sRGB <-> linear RGB <-> CIE XYZ (D65) <-> CIE Lab <-> HCL (LCh(ab)).
 * Channels of `Rgb` are sRGB values in 0..1 and may leave that range after a Lab blend until clamped.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** Hue in degrees (0..360), chroma and lightness, all on the Lab scale (L 0..100). */
export interface Hcl {
  h: number;
  c: number;
  l: number;
}

/** D65 reference white. */
const WHITE = { x: 0.95047, y: 1, z: 1.08883 };
/** Below this chroma (Lab scale) a colour is grey and its hue means nothing. */
const ACHROMATIC = 0.015;

/** '#1e90ff' (or '1e90ff') to 0..1 channels. */
export function hexToRgb(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a colour: ${hex}`);
  return {
    r: parseInt(match[1] ?? '0', 16) / 255,
    g: parseInt(match[2] ?? '0', 16) / 255,
    b: parseInt(match[3] ?? '0', 16) / 255,
  };
}

export function clampRgb(c: Rgb): Rgb {
  const clamp = (v: number): number => (Number.isNaN(v) ? 0 : Math.min(1, Math.max(0, v)));
  return { r: clamp(c.r), g: clamp(c.g), b: clamp(c.b) };
}

/** Clamped 0..255 bytes. */
export function rgbToBytes(c: Rgb): [number, number, number] {
  const k = clampRgb(c);
  return [Math.round(k.r * 255), Math.round(k.g * 255), Math.round(k.b * 255)];
}

export function rgbToHex(c: Rgb): string {
  return `#${rgbToBytes(c)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

function toLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function fromLinear(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

const EPSILON = (6 / 29) ** 3;

function labF(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29;
}

function labFInverse(t: number): number {
  return t > 6 / 29 ? t ** 3 : 3 * (6 / 29) ** 2 * (t - 4 / 29);
}

export function rgbToLab(c: Rgb): Lab {
  const r = toLinear(c.r);
  const g = toLinear(c.g);
  const b = toLinear(c.b);
  const x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = 0.0193339 * r + 0.119192 * g + 0.9503041 * b;
  const fx = labF(x / WHITE.x);
  const fy = labF(y / WHITE.y);
  const fz = labF(z / WHITE.z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

export function labToRgb(lab: Lab): Rgb {
  const fy = (lab.l + 16) / 116;
  const x = WHITE.x * labFInverse(fy + lab.a / 500);
  const y = WHITE.y * labFInverse(fy);
  const z = WHITE.z * labFInverse(fy - lab.b / 200);
  return {
    r: fromLinear(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
    g: fromLinear(-0.969266 * x + 1.8760108 * y + 0.041556 * z),
    b: fromLinear(0.0556434 * x - 0.2040259 * y + 1.0572252 * z),
  };
}

export function rgbToHcl(c: Rgb): Hcl {
  const lab = rgbToLab(c);
  const h = (Math.atan2(lab.b, lab.a) * 180) / Math.PI;
  return { h: (h + 360) % 360, c: Math.hypot(lab.a, lab.b), l: lab.l };
}

export function hclToRgb(hcl: Hcl): Rgb {
  const radians = (hcl.h * Math.PI) / 180;
  return labToRgb({ l: hcl.l, a: hcl.c * Math.cos(radians), b: hcl.c * Math.sin(radians) });
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Straight blend of the sRGB channels. */
export function blendRgb(from: Rgb, to: Rgb, t: number): Rgb {
  return { r: lerp(from.r, to.r, t), g: lerp(from.g, to.g, t), b: lerp(from.b, to.b, t) };
}

/** Blend in Lab (perceptually even); the result may be slightly out of gamut. */
export function blendLab(from: Rgb, to: Rgb, t: number): Rgb {
  const a = rgbToLab(from);
  const b = rgbToLab(to);
  return labToRgb({ l: lerp(a.l, b.l, t), a: lerp(a.a, b.a, t), b: lerp(a.b, b.b, t) });
}

/**
 * Blend in HCL, turning the hue the short way round. A grey end takes the other end's hue, so white fades
 * into blue without passing through another hue. The result is clamped to the sRGB gamut.
 */
export function blendHcl(from: Rgb, to: Rgb, t: number): Rgb {
  const a = rgbToHcl(from);
  const b = rgbToHcl(to);
  let h1 = a.h;
  let h2 = b.h;
  if (a.c < ACHROMATIC && b.c >= ACHROMATIC) h1 = h2;
  else if (b.c < ACHROMATIC && a.c >= ACHROMATIC) h2 = h1;
  let delta = (((h2 - h1) % 360) + 540) % 360;
  delta -= 180;
  const h = (((h1 + delta * t) % 360) + 360) % 360;
  return clampRgb(hclToRgb({ h, c: lerp(a.c, b.c, t), l: lerp(a.l, b.l, t) }));
}
