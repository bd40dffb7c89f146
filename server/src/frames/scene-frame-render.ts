import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { eyeLayout, type CropRect, type EyeLayout } from '../media/preview-render';
import { probeVideo } from '../media/video-probe';
import { runFfmpeg } from '../media/run-ffmpeg';

/** Width of a frame, px: a card at its largest shows about this much. */
export const FRAME_WIDTH = 640;
/** Where in the video the frame is taken: past intros and title cards, before the end. */
const FRAME_AT = 0.25;
/** A VR eye keeps its middle this wide: the edges of a 180°/fisheye eye are stretched out of shape. */
const VR_EYE_SHARE = 0.7;
/** A VR frame's height is 3/4 of its width, about what a person in front of the camera fills. */
const VR_ASPECT = 3 / 4;

/** What one frame needs; the input is a path from the database, never from a request. */
export interface FrameRequest {
  input: string;
  /** Where the JPEG ends up (written beside it first, then renamed). */
  dest: string;
  tmpDir: string;
  /** The file's projection ('' when unknown). */
  projection: string;
  /** The file's width, height and duration (seconds) from the scan; 0 when unknown (then ffprobe is asked). */
  width: number;
  height: number;
  duration: number;
  ffmpegPath: string;
  ffprobePath: string;
  /** Kill ffmpeg after this long (default 30 s). */
  timeoutMs?: number;
}

/** The frame could not be made (no video stream, unreadable file, ffmpeg failure or time limit). */
export class FrameRenderError extends Error {
  override name = 'FrameRenderError';
}

const even = (value: number): number => Math.max(2, Math.floor(value / 2) * 2);

/**
 * The part of the frame a card shows: the whole of a flat frame; for VR one eye (left of side-by-side, top of
 * over-under), then the middle of that eye at 4:3, where the picture is least bent.
 */
export function frameCrop(layout: EyeLayout, width: number, height: number): CropRect | null {
  if (layout === 'flat') return null;
  const eyeWidth = layout === 'sbs' ? width / 2 : width;
  const eyeHeight = layout === 'tb' ? height / 2 : height;
  const cropWidth = even(Math.min(eyeWidth * VR_EYE_SHARE, eyeHeight / VR_ASPECT));
  const cropHeight = even(Math.min(eyeHeight, cropWidth * VR_ASPECT));
  return {
    width: cropWidth,
    height: cropHeight,
    x: even((eyeWidth - cropWidth) / 2),
    y: even((eyeHeight - cropHeight) / 2),
  };
}

/** ffmpeg's arguments: seek before the input (fast, to the keyframe), one frame, cropped, scaled, as JPEG. */
export function frameArgs(input: string, output: string, at: number, crop: CropRect | null): string[] {
  const filters = [
    ...(crop ? [`crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`] : []),
    `scale='min(${FRAME_WIDTH},iw)':-2`,
    'setsar=1',
  ];
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-ss', at.toFixed(3), '-i', input],
    ...['-map', '0:v:0', '-an', '-frames:v', '1', '-vf', filters.join(',')],
    ...['-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg', output],
  ];
}

/** Makes one frame: the size and duration from the scan (ffprobe when unknown), one ffmpeg run, a rename. */
export async function renderFrame(request: FrameRequest): Promise<void> {
  const name = basename(request.input);
  let { width, height, duration } = request;
  if (!(width > 1 && height > 1 && duration > 0)) {
    try {
      ({ width, height, duration } = await probeVideo(request.input, {
        ffprobePath: request.ffprobePath,
        timeoutMs: 10_000,
      }));
    } catch (error) {
      throw new FrameRenderError(error instanceof Error ? error.message : String(error));
    }
  }
  const crop =
    width > 1 && height > 1 ? frameCrop(eyeLayout(request.projection, width, height), width, height) : null;
  const at = duration > 0 ? duration * FRAME_AT : 0;
  const tmp = join(request.tmpDir, `frame-${randomBytes(6).toString('hex')}.jpg`);
  try {
    await runFfmpeg(request.ffmpegPath, frameArgs(request.input, tmp, at, crop), {
      timeoutMs: request.timeoutMs ?? 30_000,
      failure: (reason) => new FrameRenderError(reason),
    });
    // A seek past the last frame ends without error and without a picture.
    const written = await stat(tmp).catch(() => null);
    if (!written || written.size === 0) throw new FrameRenderError(`${name}: no frame at ${at.toFixed(1)} s`);
    await rename(tmp, request.dest);
  } catch (error) {
    await rm(tmp, { force: true });
    if (error instanceof FrameRenderError) throw error;
    throw new FrameRenderError(`frame of ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
