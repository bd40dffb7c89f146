import sharp from 'sharp';
import { type FunscriptAction, parseFunscript, scriptDurationSeconds } from './funscript';
import { blendHcl, blendLab, blendRgb, hexToRgb, type Rgb, rgbToBytes } from './heatmap-colour';

/** Heatmap geometry (xbvr-facts §11.2). */
export const HEATMAP_WIDTH = 1000;
export const HEATMAP_HEIGHT = 10;
export const HEATMAP_SEGMENTS = 250;
/** A tick every 10 minutes. */
const TICK_MS = 600_000;
/** Script tokens carry at most this many actions. */
const TOKEN_MAX_ACTIONS = 100;
const TOKEN_MAGIC = 136_740_671;

const WHITE = hexToRgb('#ffffff');
const BLUE = hexToRgb('#1e90ff'); // dodger blue
const GREEN = hexToRgb('#228b22'); // forest green
const GOLD = hexToRgb('#ffd700');
const CRIMSON = hexToRgb('#dc143c');
const PURPLE = hexToRgb('#800080');
const DARK = hexToRgb('#0f001e');
const STEP = 60;

/**
 * A "script token" is a tiny stand-in funscript that some sellers ship instead of the real script. Our reading
 * of xbvr-facts §11.2: at most 100 actions which, ordered by `pos`, have consecutive positions (each one more
 * than the previous), and whose lowest-position action sits at `at == 136740671 % n` ms, n being the number of
 * actions. Such a file has no heatmap (and no meaningful duration).
 */
export function isScriptToken(actions: readonly FunscriptAction[]): boolean {
  const n = actions.length;
  if (n === 0 || n > TOKEN_MAX_ACTIONS) return false;
  const byPos = [...actions].sort((a, b) => a.pos - b.pos || a.at - b.at);
  if (byPos[0]?.at !== TOKEN_MAGIC % n) return false;
  return byPos.every((action, i) => i === 0 || action.pos === (byPos[i - 1]?.pos ?? NaN) + 1);
}

/**
 * Per-action intensity: 0 for the first action; then slope = clamp(1 / (2 * Δt in s), 0, 20) (20 when Δt is
 * 0) and intensity = trunc(slope * |Δpos|). `actions` must be sorted by `at`.
 */
export function actionIntensities(actions: readonly FunscriptAction[]): number[] {
  return actions.map((action, i) => {
    const previous = actions[i - 1];
    if (!previous) return 0;
    const dtSeconds = (action.at - previous.at) / 1000;
    const slope = Math.min(Math.max(1 / (2 * dtSeconds), 0), 20);
    return Math.trunc(slope * Math.abs(action.pos - previous.pos));
  });
}

/** Colour of a segment's mean intensity (the table in xbvr-facts §11.2, step 60). */
export function segmentColour(intensity: number): Rgb {
  if (intensity <= 0.001) return WHITE;
  if (intensity <= STEP) return blendLab(BLUE, GREEN, intensity / STEP);
  if (intensity <= 2 * STEP) return blendLab(GREEN, GOLD, (intensity - STEP) / STEP);
  if (intensity <= 3 * STEP) return blendLab(GOLD, CRIMSON, (intensity - 2 * STEP) / STEP);
  if (intensity <= 4 * STEP) return blendRgb(CRIMSON, PURPLE, (intensity - 3 * STEP) / STEP);
  return blendLab(PURPLE, DARK, Math.min((intensity - 4 * STEP) / (5 * STEP), 1));
}

/**
 * Mean intensity of each of the `segments` time slices. Every action (the first one with intensity 0) counts in
 * segment floor(at / (durationMs + 1) * segments); a slice without actions is 0.
 */
export function segmentIntensities(
  actions: readonly FunscriptAction[],
  durationMs: number,
  segments = HEATMAP_SEGMENTS,
): number[] {
  const sums = new Array<number>(segments).fill(0);
  const counts = new Array<number>(segments).fill(0);
  const intensities = actionIntensities(actions);
  actions.forEach((action, i) => {
    const index = Math.min(segments - 1, Math.floor((action.at / (durationMs + 1)) * segments));
    sums[index] = (sums[index] ?? 0) + (intensities[i] ?? 0);
    counts[index] = (counts[index] ?? 0) + 1;
  });
  return sums.map((sum, i) => {
    const count = counts[i] ?? 0;
    return count > 0 ? sum / count : 0;
  });
}

/** Gradient colour at t (0..1) between keys placed at i/(n-1), blended in HCL. */
function gradientAt(keys: readonly Rgb[], t: number): Rgb {
  const last = keys.length - 1;
  if (last <= 0) return keys[0] ?? WHITE;
  const scaled = Math.min(Math.max(t, 0), 1) * last;
  const i = Math.min(Math.floor(scaled), last - 1);
  return blendHcl(keys[i] ?? WHITE, keys[i + 1] ?? WHITE, scaled - i);
}

/** Raw RGB pixels (3 bytes each, row-major) of the heatmap of parsed, sorted actions. */
export function renderHeatmapPixels(actions: readonly FunscriptAction[], durationMs: number): Buffer {
  const keys = segmentIntensities(actions, durationMs).map(segmentColour);
  const pixels = Buffer.alloc(HEATMAP_WIDTH * HEATMAP_HEIGHT * 3);
  for (let x = 0; x < HEATMAP_WIDTH; x++) {
    const [r, g, b] = rgbToBytes(gradientAt(keys, x / HEATMAP_WIDTH));
    for (let y = 0; y < HEATMAP_HEIGHT; y++) pixels.set([r, g, b], (y * HEATMAP_WIDTH + x) * 3);
  }
  // Black 2 px ticks every 10 minutes, in the lower half, on the same time axis as the segments.
  for (let ts = TICK_MS; ts < durationMs; ts += TICK_MS) {
    const x = Math.floor((ts / durationMs) * HEATMAP_WIDTH);
    for (const column of [x - 1, x]) {
      if (column < 0 || column >= HEATMAP_WIDTH) continue;
      for (let y = Math.floor(HEATMAP_HEIGHT / 2); y < HEATMAP_HEIGHT; y++) {
        pixels.set([0, 0, 0], (y * HEATMAP_WIDTH + column) * 3);
      }
    }
  }
  return pixels;
}

/**
 * The 1000x10 heatmap PNG of a funscript (xbvr-facts §11.2); null when the text is unreadable, has no
 * actions, or is a script token.
 */
export async function renderHeatmapPng(funscriptText: string): Promise<Buffer | null> {
  const script = parseFunscript(funscriptText);
  if (!script || script.actions.length === 0 || isScriptToken(script.actions)) return null;
  const durationMs = scriptDurationSeconds(script) * 1000;
  const pixels = renderHeatmapPixels(script.actions, durationMs);
  return sharp(pixels, { raw: { width: HEATMAP_WIDTH, height: HEATMAP_HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}
