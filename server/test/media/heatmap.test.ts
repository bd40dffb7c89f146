import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  actionIntensities,
  isScriptToken,
  renderHeatmapPng,
  segmentColour,
  segmentIntensities,
} from '../../src/media/heatmap';
import { rgbToHex } from '../../src/media/heatmap-colour';
import { funscriptText } from '../fixtures/media-fixtures';

async function decode(
  png: Buffer | null,
): Promise<{ width: number; height: number; px: (x: number, y: number) => number[] }> {
  expect(png).not.toBeNull();
  const { data, info } = await sharp(png as Buffer)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const c = info.channels;
  return {
    width: info.width,
    height: info.height,
    px: (x, y) => [...data.subarray((y * info.width + x) * c, (y * info.width + x) * c + 3)],
  };
}

function near(actual: number[], expected: number[]): void {
  actual.forEach((v, i) => expect(Math.abs(v - (expected[i] ?? -99))).toBeLessThanOrEqual(1));
}

/** Strokes every `stepMs` alternating between 0 and `depth`, for `seconds`. */
function strokes(seconds: number, stepMs: number, depth: number): { at: number; pos: number }[] {
  return Array.from({ length: Math.floor((seconds * 1000) / stepMs) + 1 }, (_, i) => ({
    at: i * stepMs,
    pos: i % 2 === 0 ? 0 : depth,
  }));
}

describe('segmentColour', () => {
  it('maps the stop intensities to the stop colours', () => {
    expect(rgbToHex(segmentColour(0))).toBe('#ffffff');
    expect(rgbToHex(segmentColour(0.001))).toBe('#ffffff');
    expect(rgbToHex(segmentColour(0.002))).toBe('#1e90ff');
    expect(rgbToHex(segmentColour(60))).toBe('#228b22');
    expect(rgbToHex(segmentColour(120))).toBe('#ffd700');
    expect(rgbToHex(segmentColour(180))).toBe('#dc143c');
    expect(rgbToHex(segmentColour(240))).toBe('#800080');
    expect(rgbToHex(segmentColour(540))).toBe('#0f001e');
    expect(rgbToHex(segmentColour(2000))).toBe('#0f001e');
  });

  it('blends crimson to purple in RGB', () => {
    expect(rgbToHex(segmentColour(210))).toBe('#ae0a5e');
  });
});

describe('actionIntensities', () => {
  it('is slope (capped at 20) times the position change', () => {
    const actions = [
      { at: 0, pos: 0 },
      { at: 500, pos: 100 }, // slope 1
      { at: 1500, pos: 50 }, // slope 0.5 -> 25
      { at: 1510, pos: 60 }, // slope 50, capped at 20 -> 200
      { at: 1510, pos: 63 }, // same time: 20 * 3
      { at: 2010, pos: 63.7 }, // truncated: 0.7 -> 0
    ];
    expect(actionIntensities(actions)).toEqual([0, 100, 25, 200, 60, 0]);
  });
});

describe('segmentIntensities', () => {
  it('averages each slice, counting the first action as 0', () => {
    const actions = [
      { at: 0, pos: 0 },
      { at: 500, pos: 60 },
      { at: 9000, pos: 0 },
      { at: 9500, pos: 60 },
    ];
    // 10 slices over 9500 ms + 1; intensities 0, 60, trunc(60 / 17) = 3, 60.
    const slices = segmentIntensities(actions, 9500, 10);
    expect(slices).toEqual([30, 0, 0, 0, 0, 0, 0, 0, 0, 31.5]);
  });
});

describe('isScriptToken', () => {
  it('recognises the sequential-position token pattern', () => {
    const n = 5;
    const magicAt = 136740671 % n; // 1
    const token = [
      { at: 900, pos: 12 },
      { at: magicAt, pos: 10 },
      { at: 40, pos: 13 },
      { at: 7, pos: 11 },
      { at: 3, pos: 14 },
    ];
    expect(isScriptToken(token)).toBe(true);
    expect(isScriptToken(token.map((a) => (a.pos === 14 ? { ...a, pos: 15 } : a)))).toBe(false);
    expect(isScriptToken(token.map((a) => (a.pos === 10 ? { ...a, at: magicAt + 1 } : a)))).toBe(false);
    expect(isScriptToken([])).toBe(false);
    const long = Array.from({ length: 101 }, (_, i) => ({
      at: i === 0 ? 136740671 % 101 : 1000 + i,
      pos: i,
    }));
    expect(isScriptToken(long)).toBe(false);
    expect(
      isScriptToken(long.slice(0, 100).map((a, i) => (i === 0 ? { ...a, at: 136740671 % 100 } : a))),
    ).toBe(true);
  });
});

describe('renderHeatmapPng', () => {
  it('is null for unreadable, empty and token scripts', async () => {
    expect(await renderHeatmapPng('{nope')).toBeNull();
    expect(await renderHeatmapPng(funscriptText([]))).toBeNull();
    expect(await renderHeatmapPng('{"actions":[{"at":"a"}]}')).toBeNull();
    const n = 3;
    expect(
      await renderHeatmapPng(
        funscriptText([
          { at: 136740671 % n, pos: 0 },
          { at: 5, pos: 1 },
          { at: 9, pos: 2 },
        ]),
      ),
    ).toBeNull();
  });

  it('renders a 1000x10 image whose colours follow the intensity', async () => {
    // 250 s of strokes of 60 every 500 ms (intensity 60 = forest green), then 250 s with no movement.
    const actions = [...strokes(250, 500, 60), { at: 500_000, pos: 0 }];
    const image = await decode(await renderHeatmapPng(funscriptText(actions)));
    expect([image.width, image.height]).toEqual([1000, 10]);
    near(image.px(250, 0), [0x22, 0x8b, 0x22]);
    near(image.px(250, 9), [0x22, 0x8b, 0x22]);
    near(image.px(750, 3), [255, 255, 255]);
    near(image.px(999, 9), [255, 255, 255]);
  });

  it('is white when nothing moves', async () => {
    const image = await decode(await renderHeatmapPng(funscriptText(strokes(60, 1000, 0))));
    for (const x of [0, 300, 999]) near(image.px(x, 5), [255, 255, 255]);
  });

  it('draws 2 px black ticks every 10 minutes in the lower half only', async () => {
    // 30 minutes: a few strokes at the start, then stillness; ticks at 10 and 20 minutes.
    const actions = [...strokes(5, 500, 60), { at: 1_800_000, pos: 0 }];
    const image = await decode(await renderHeatmapPng(funscriptText(actions)));
    for (const x of [332, 333, 665, 666]) {
      for (let y = 5; y < 10; y++) near(image.px(x, y), [0, 0, 0]);
      for (let y = 0; y < 5; y++) near(image.px(x, y), [255, 255, 255]);
    }
    for (const x of [331, 334, 500, 664, 667]) near(image.px(x, 9), [255, 255, 255]);
  });

  it('places ticks on the metadata duration when that is longer', async () => {
    // Actions end at 5 s but the video is 20 minutes: one tick at 10 minutes, the middle.
    const image = await decode(await renderHeatmapPng(funscriptText(strokes(5, 500, 60), 1200)));
    near(image.px(499, 8), [0, 0, 0]);
    near(image.px(500, 8), [0, 0, 0]);
    near(image.px(500, 2), [255, 255, 255]);
    near(image.px(501, 8), [255, 255, 255]);
  });
});
