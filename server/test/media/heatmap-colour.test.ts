import { describe, expect, it } from 'vitest';
import {
  blendHcl,
  blendLab,
  blendRgb,
  clampRgb,
  hclToRgb,
  hexToRgb,
  labToRgb,
  rgbToHcl,
  rgbToHex,
  rgbToLab,
} from '../../src/media/heatmap-colour';

describe('heatmap colour maths', () => {
  it('reads and writes hex colours', () => {
    expect(hexToRgb('#ff8000')).toEqual({ r: 1, g: 128 / 255, b: 0 });
    expect(rgbToHex(hexToRgb('1E90FF'))).toBe('#1e90ff');
    expect(() => hexToRgb('#12')).toThrow();
  });

  it('gives the textbook Lab values (D65)', () => {
    const white = rgbToLab(hexToRgb('#ffffff'));
    expect(white.l).toBeCloseTo(100, 2);
    expect(white.a).toBeCloseTo(0, 2);
    expect(white.b).toBeCloseTo(0, 2);
    const red = rgbToLab(hexToRgb('#ff0000'));
    expect(red.l).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 1);
    expect(red.b).toBeCloseTo(67.2, 1);
    expect(rgbToLab(hexToRgb('#000000'))).toEqual({ l: 0, a: 0, b: 0 });
  });

  it('round-trips sRGB through Lab and HCL', () => {
    for (const hex of [
      '#1e90ff',
      '#228b22',
      '#ffd700',
      '#dc143c',
      '#800080',
      '#0f001e',
      '#ffffff',
      '#000000',
    ]) {
      expect(rgbToHex(labToRgb(rgbToLab(hexToRgb(hex))))).toBe(hex);
      expect(rgbToHex(hclToRgb(rgbToHcl(hexToRgb(hex))))).toBe(hex);
    }
  });

  it('blends in RGB and Lab with the ends exact', () => {
    const crimson = hexToRgb('#dc143c');
    const purple = hexToRgb('#800080');
    expect(rgbToHex(blendRgb(crimson, purple, 0.5))).toBe('#ae0a5e');
    expect(rgbToHex(blendLab(crimson, purple, 0))).toBe('#dc143c');
    expect(rgbToHex(blendLab(crimson, purple, 1))).toBe('#800080');
    // A Lab midpoint has the mean lightness, unlike the RGB one.
    const mid = rgbToLab(blendLab(hexToRgb('#000000'), hexToRgb('#ffffff'), 0.5));
    expect(mid.l).toBeCloseTo(50, 5);
    expect(rgbToHex(blendRgb(hexToRgb('#000000'), hexToRgb('#ffffff'), 0.5))).toBe('#808080');
  });

  it('keeps the hue of the coloured end when blending from white in HCL', () => {
    const blue = hexToRgb('#1e90ff');
    const mid = rgbToHcl(blendHcl(hexToRgb('#ffffff'), blue, 0.5));
    expect(mid.h).toBeCloseTo(rgbToHcl(blue).h, 0);
    // Half the chroma, give or take the gamut clamp.
    expect(Math.abs(mid.c - rgbToHcl(blue).c / 2)).toBeLessThan(2);
  });

  it('turns the hue the short way round in HCL', () => {
    const a = hclToRgb({ h: 340, c: 40, l: 50 });
    const b = hclToRgb({ h: 20, c: 40, l: 50 });
    const mid = rgbToHcl(blendHcl(a, b, 0.5));
    expect(Math.min(mid.h, 360 - mid.h)).toBeLessThan(2);
  });

  it('clamps out-of-gamut channels', () => {
    expect(clampRgb({ r: -0.2, g: 1.3, b: Number.NaN })).toEqual({ r: 0, g: 1, b: 0 });
  });
});
