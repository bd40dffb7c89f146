import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PROJECTIONS, type Projection } from '@fovea/contract';
import { projectionTraits } from './projection';
import { probeVideo } from './video-probe';
import { runFfmpeg } from './run-ffmpeg';

/** The snippet settings of options library.preview (options-spec §9 ranges are checked by the contract). */
export interface PreviewSettings {
  /** Seconds into the video where the first snippet starts. */
  startTime: number;
  /** Seconds per snippet. */
  snippetLength: number;
  snippetAmount: number;
  /** Side of the square output, px. */
  resolution: number;
  /** One more snippet from 150 s before the end when the video is long (duration / amount > 150 s). */
  extraSnippet: boolean;
}

/** Which part of the frame one eye is. */
export type EyeLayout = 'sbs' | 'tb' | 'flat';

export interface Snippet {
  /** Seconds. */
  start: number;
  /** Seconds. */
  length: number;
}

export interface CropRect {
  width: number;
  height: number;
  x: number;
  y: number;
}

/** The extra snippet starts this long before the end (xbvr-facts §8.3). */
const EXTRA_FROM_END_S = 150;
/** Snippets stop this short of the container's end, where the last frames may be missing. */
const END_MARGIN_S = 0.1;

const KNOWN_PROJECTIONS: ReadonlySet<string> = new Set(PROJECTIONS);

/**
 * The eye layout of a file: its projection's stereo mode (xbvr-facts §8.3: side-by-side → right half,
 * top/bottom → bottom half, anything else → the whole frame). A file without a known projection is taken as
 * side-by-side when it is about twice as wide as high (the usual VR frame), else as flat.
 */
export function eyeLayout(projection: string, width: number, height: number): EyeLayout {
  const stereo = KNOWN_PROJECTIONS.has(projection)
    ? projectionTraits(projection as Projection).stereo_mode
    : '';
  if (stereo === 'sbs') return 'sbs';
  if (stereo === 'tb') return 'tb';
  if (stereo === '' && height > 0 && width / height >= 1.9) return 'sbs';
  return 'flat';
}

/** Rounded down to an even number (yuv420p needs even sizes and offsets). */
const evenFloor = (value: number): number => Math.max(0, Math.floor(value / 2) * 2);

/**
 * The square taken from the frame: one eye (the right half of SBS, the bottom half of TB, the whole of a flat
 * frame), then the centred square of that eye, so the square output is never stretched.
 */
export function cropRect(layout: EyeLayout, width: number, height: number): CropRect {
  const eye =
    layout === 'sbs'
      ? { x: width / 2, y: 0, width: width / 2, height }
      : layout === 'tb'
        ? { x: 0, y: height / 2, width, height: height / 2 }
        : { x: 0, y: 0, width, height };
  const side = Math.max(2, evenFloor(Math.min(eye.width, eye.height)));
  return {
    width: side,
    height: side,
    x: evenFloor(eye.x + (eye.width - side) / 2),
    y: evenFloor(eye.y + (eye.height - side) / 2),
  };
}

/**
 * Where the snippets start: `snippetAmount` snippets from `startTime` spread evenly to the end (the last one
 * ends before the end), plus the extra snippet from 150 s before the end when asked for and the video is
 * long enough (duration / amount > 150 s), in time order. A video too short for the settings starts earlier
 * (as late as still fits), and one shorter than all snippets together gets shorter snippets.
 */
export function snippetPlan(duration: number, settings: PreviewSettings): Snippet[] {
  const amount = Math.max(1, Math.floor(settings.snippetAmount));
  const end = Math.max(0, duration - END_MARGIN_S);
  let length = settings.snippetLength;
  let first = settings.startTime;
  if (end < amount * length) {
    first = 0;
    length = end / amount;
  } else if (end - first < amount * length) {
    first = end - amount * length;
  }
  const interval = (end - first) / amount;
  const snippets: Snippet[] = [];
  for (let i = 0; i < amount; i++)
    snippets.push({ start: round(first + i * interval), length: round(length) });
  if (settings.extraSnippet && duration / amount > EXTRA_FROM_END_S) {
    snippets.push({ start: round(duration - EXTRA_FROM_END_S), length: round(length) });
    snippets.sort((a, b) => a.start - b.start);
  }
  return snippets;
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** A path as a quoted ffconcat token: in single quotes, a quote inside written as '\\'' (close, \\', open). */
const concatToken = (path: string): string => `'file:${path.replaceAll("'", "'\\''")}'`;

/**
 * The ffconcat list of the snippets: the video once per snippet, each with its in and out point. ffmpeg's
 * concat demuxer opens one entry at a time, seeking to the keyframe before the in point, so a preview of 40
 * snippets of an 8K video needs the memory of one decoder (40 `-ss` inputs would keep 40 decoders and their
 * frame pools: about 2.4 GB for a 2560x1280 H.264 clip, measured).
 */
export function concatList(input: string, snippets: readonly Snippet[]): string {
  const entries = snippets.map(
    (snippet) =>
      `file ${concatToken(input)}\ninpoint ${snippet.start.toFixed(3)}\n` +
      `outpoint ${(snippet.start + snippet.length).toFixed(3)}\n`,
  );
  return `ffconcat version 1.0\n${entries.join('')}`;
}

/**
 * The one ffmpeg run that makes a preview from a concat list. The frames decoded between a keyframe and an in
 * point lie outside their snippet: the concat demuxer tags every frame with its snippet's start and length
 * (-segment_time_metadata) and `select=concatdec_select` drops those outside (with -copyts, so the frame times
 * are the demuxer's); then the eye is cropped, scaled to a square, and encoded once as silent H.264.
 */
export function previewArgs(list: string, output: string, crop: CropRect, resolution: number): string[] {
  const filters = [
    'select=concatdec_select',
    `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
    `scale=${resolution}:${resolution}`,
    'setsar=1',
  ];
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-copyts'],
    ...['-f', 'concat', '-safe', '0', '-segment_time_metadata', '1', '-i', list],
    ...['-map', '0:v:0', '-an', '-vf', filters.join(',')],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

/** The preview could not be made (unreadable video, ffmpeg failure or time limit). */
export class PreviewRenderError extends Error {
  override name = 'PreviewRenderError';
}

export interface RenderPreviewRequest {
  /** The video file (a path from the database, never from a request). */
  input: string;
  /** Where the preview ends up (written to `tmpDir` first, then renamed here). */
  dest: string;
  tmpDir: string;
  /** The file's projection ('' when unknown). */
  projection: string;
  settings: PreviewSettings;
  ffmpegPath: string;
  ffprobePath: string;
  /** Kill ffmpeg after this long; default 60 s plus 10 s per snippet. */
  timeoutMs?: number;
  /** Stops ffmpeg (the job is shutting down). */
  signal?: AbortSignal;
}

export interface RenderedPreview {
  snippets: Snippet[];
  layout: EyeLayout;
}

/** Makes one preview clip: ffprobe for the duration and size, then one ffmpeg run into tmp, then a rename. */
export async function renderPreview(request: RenderPreviewRequest): Promise<RenderedPreview> {
  const name = basename(request.input);
  let probe;
  try {
    probe = await probeVideo(request.input, { ffprobePath: request.ffprobePath, timeoutMs: 10_000 });
  } catch (error) {
    throw new PreviewRenderError(error instanceof Error ? error.message : String(error));
  }
  if (!(probe.duration > 0)) throw new PreviewRenderError(`${name} has no readable duration`);
  if (probe.width < 2 || probe.height < 2) throw new PreviewRenderError(`${name} has no readable frame size`);
  const layout = eyeLayout(request.projection, probe.width, probe.height);
  const snippets = snippetPlan(probe.duration, request.settings);
  const crop = cropRect(layout, probe.width, probe.height);
  const base = join(request.tmpDir, `preview-${randomBytes(6).toString('hex')}`);
  const [tmp, list] = [`${base}.mp4`, `${base}.ffconcat`];
  const args = previewArgs(list, tmp, crop, request.settings.resolution);
  const timeoutMs = request.timeoutMs ?? 60_000 + 10_000 * snippets.length;
  try {
    await writeFile(list, concatList(request.input, snippets));
    await runFfmpeg(request.ffmpegPath, args, {
      timeoutMs,
      signal: request.signal,
      failure: (reason) => new PreviewRenderError(reason),
    });
    await rename(tmp, request.dest);
  } catch (error) {
    await rm(tmp, { force: true });
    if (error instanceof PreviewRenderError) throw error;
    throw new PreviewRenderError(
      `preview of ${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await rm(list, { force: true });
  }
  return { snippets, layout };
}
