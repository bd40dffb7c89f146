import { execFile } from 'node:child_process';
import { basename } from 'node:path';

/** What the scanner keeps from ffprobe for one video file (xbvr-facts §6.1). */
export interface VideoProbe {
  width: number;
  height: number;
  bitrate: number;
  codec: string;
  /** The raw `avg_frame_rate`, e.g. "30000/1001". */
  avgFrameRate: string;
  /** ceil(num/den) of `avg_frame_rate`; 0 when unknown. */
  avgFps: number;
  /** Seconds: the stream duration, else the container duration. */
  duration: number;
}

/** ffprobe failed, timed out, printed something unreadable, or found no video stream. */
export class ProbeError extends Error {
  override name = 'ProbeError';
}

export interface ProbeOptions {
  ffprobePath: string;
  /** Kill ffprobe after this many milliseconds (default 15000). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** ffprobe's JSON for a normal file is a few KB; anything near this is not a video we can use. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/** Runs ffprobe on `file` (never through a shell) and reads its first video stream. */
export async function probeVideo(file: string, options: ProbeOptions): Promise<VideoProbe> {
  const stdout = await runFfprobe(file, options);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new ProbeError(`ffprobe of ${basename(file)}: output is not JSON`);
  }
  return readProbe(file, parsed);
}

function runFfprobe(file: string, options: ProbeOptions): Promise<string> {
  const args = ['-v', 'quiet', '-print_format', 'json', '-show_format', '-show_streams', file];
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    execFile(
      options.ffprobePath,
      args,
      { timeout, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8', windowsHide: true },
      (error, stdout) => {
        if (!error) {
          resolve(stdout);
          return;
        }
        reject(new ProbeError(`ffprobe of ${basename(file)} failed: ${describeFailure(error, timeout)}`));
      },
    );
  });
}

interface ExecFailure extends Error {
  code?: string | number | null;
  killed?: boolean;
  signal?: NodeJS.Signals | null;
}

function describeFailure(error: ExecFailure, timeout: number): string {
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return 'output too large';
  if (error.killed) return `timed out after ${timeout} ms`;
  if (error.signal) return `killed by ${error.signal}`;
  if (error.code === 'ENOENT') return 'ffprobe not found';
  if (typeof error.code === 'number') return `exit code ${error.code}`;
  return error.message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ffprobe prints most numbers as strings ("1234.5"); accepts both. */
function toNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** ceil(num/den) of "num/den" (or a plain number); 0 when the denominator is 0 or missing. */
export function framesPerSecond(rate: string): number {
  const [num, den] = rate.split('/');
  const n = Number(num);
  const d = den === undefined ? 1 : Number(den);
  if (!Number.isFinite(n) || !Number.isFinite(d) || d === 0 || num === '') return 0;
  return Math.max(0, Math.ceil(n / d));
}

function readProbe(file: string, parsed: unknown): VideoProbe {
  if (!isRecord(parsed)) throw new ProbeError(`ffprobe of ${basename(file)}: unexpected output`);
  const streams = Array.isArray(parsed['streams']) ? parsed['streams'] : [];
  const video = streams.find((s): s is Record<string, unknown> => isRecord(s) && s['codec_type'] === 'video');
  if (!video) throw new ProbeError(`ffprobe of ${basename(file)}: no video stream`);
  const format = isRecord(parsed['format']) ? parsed['format'] : {};
  const avgFrameRate = typeof video['avg_frame_rate'] === 'string' ? video['avg_frame_rate'] : '';
  return {
    width: toNumber(video['width']),
    height: toNumber(video['height']),
    bitrate: toNumber(video['bit_rate']) || toNumber(format['bit_rate']),
    codec: typeof video['codec_name'] === 'string' ? video['codec_name'] : '',
    avgFrameRate,
    avgFps: framesPerSecond(avgFrameRate),
    duration: toNumber(video['duration']) || toNumber(format['duration']),
  };
}
