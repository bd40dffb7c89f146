import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { throwIfAborted } from '../jobs/job-definition';
import { funscriptDurationSeconds } from '../media/funscript';
import { mapLimit } from '../media/map-limit';
import { openSubtitlesHash } from '../media/oshash';
import { detectProjection, type DetectedProjection } from '../media/projection';
import { probeVideo, type VideoProbe } from '../media/video-probe';
import type { ScanFileValues } from '../repositories/file-scan.repository';
import { extensionOf } from './classify-file';
import type { StatedFile } from './stat-files';
import { reasonOf } from './walk-folder';

/** The media work of a scan, injectable so tests can count or fake it. */
export interface ScanMedia {
  probe(file: string): Promise<VideoProbe>;
  hash(file: string, size: number): Promise<string>;
  detectProjection(filename: string, width: number, height: number): DetectedProjection;
  funscriptDuration(text: string): number;
  readText(file: string): Promise<string>;
}

/** ffprobe gets this long per file (the reference gives 5 s; network shares and large files need more). */
export const PROBE_TIMEOUT_MS = 10_000;

/** Videos probed at once (each ffprobe reads the container headers; two keep a 2-core machine usable). */
export const PROBES_IN_FLIGHT = 2;

export function defaultScanMedia(ffprobePath: string): ScanMedia {
  return {
    probe: (file) => probeVideo(file, { ffprobePath, timeoutMs: PROBE_TIMEOUT_MS }),
    hash: openSubtitlesHash,
    detectProjection,
    funscriptDuration: funscriptDurationSeconds,
    readText: (file) => readFile(file, 'utf8'),
  };
}

export interface Inspection {
  file: StatedFile;
  values: ScanFileValues;
  /** Why the file could not be read or probed (it is recorded all the same). */
  failure?: string;
}

/** The values of a file before any media work: no video facts, unknown projection. */
export function baseValues(file: {
  dir: string;
  filename: string;
  type: ScanFileValues['type'];
  size: number;
  mtime: string;
  createdTime: string;
}): ScanFileValues {
  return {
    path: file.dir,
    filename: file.filename,
    type: file.type,
    size: file.size,
    oshash: '',
    created_time: file.createdTime,
    updated_time: file.mtime,
    video_width: 0,
    video_height: 0,
    video_bitrate: 0,
    video_avg_frame_rate: '',
    video_avgfps_val: 0,
    video_codec_name: '',
    duration: 0,
    projection: '',
    stereo_mode: '',
    fov: 0,
    has_alpha: 0,
  };
}

/** The projection columns of a video named `filename` with these dimensions. */
export function projectionValues(
  detected: DetectedProjection,
): Pick<ScanFileValues, 'projection' | 'stereo_mode' | 'fov' | 'has_alpha'> {
  return {
    projection: detected.projection,
    stereo_mode: detected.stereo_mode,
    fov: detected.fov,
    has_alpha: detected.has_alpha ? 1 : 0,
  };
}

/**
 * A video: ffprobe facts, OpenSubtitles hash and projection. A probe failure leaves the video facts at zero
 * and the projection unknown (the next scan tries again) and is reported, never thrown.
 */
export async function inspectVideo(file: StatedFile, media: ScanMedia): Promise<Inspection> {
  const fullPath = join(file.dir, file.filename);
  const values = baseValues(file);
  const [probe, hash] = await Promise.all([
    media.probe(fullPath).then(
      (facts) => ({ facts }),
      (error: unknown) => ({ error: reasonOf(error) }),
    ),
    media.hash(fullPath, file.size).catch(() => ''),
  ]);
  values.oshash = hash;
  if ('error' in probe) return { file, values, failure: probe.error };
  const facts = probe.facts;
  Object.assign(values, {
    video_width: facts.width,
    video_height: facts.height,
    video_bitrate: facts.bitrate,
    video_avg_frame_rate: facts.avgFrameRate,
    video_avgfps_val: facts.avgFps,
    video_codec_name: facts.codec,
    duration: facts.duration,
    ...projectionValues(media.detectProjection(file.filename, facts.width, facts.height)),
  });
  return { file, values };
}

/** A script: a funscript's duration is read from its actions (a cmscript has none). */
export async function inspectScript(file: StatedFile, media: ScanMedia): Promise<Inspection> {
  const values = baseValues(file);
  if (extensionOf(file.filename) !== '.funscript') return { file, values };
  try {
    values.duration = media.funscriptDuration(await media.readText(join(file.dir, file.filename)));
    return { file, values };
  } catch (error) {
    return { file, values, failure: reasonOf(error) };
  }
}

/**
 * Inspects new and changed files, at most PROBES_IN_FLIGHT at once; `onEach` after every file. A stop request
 * (`signal`) is honoured before each file, so a cancelled rescan does not probe the rest of a batch.
 */
export function inspectFiles(
  files: readonly StatedFile[],
  media: ScanMedia,
  onEach?: (inspection: Inspection) => void,
  signal?: AbortSignal,
): Promise<Inspection[]> {
  return mapLimit(files, PROBES_IN_FLIGHT, async (file) => {
    if (signal) throwIfAborted(signal);
    const inspection =
      file.type === 'video'
        ? await inspectVideo(file, media)
        : file.type === 'script'
          ? await inspectScript(file, media)
          : { file, values: baseValues(file) };
    onEach?.(inspection);
    return inspection;
  });
}
