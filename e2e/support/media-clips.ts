import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH?.trim() || 'ffmpeg';

export interface E2eClip {
  filename: string;
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/**
 * The clips of the e2e library's clips folder: tiny real H.264 videos (ffmpeg testsrc) with names that match
 * no seeded scene, so they stay unmatched. "flat" in a name makes the scanner call it flat (2D); the wide one
 * is detected as 180° side-by-side.
 */
export const E2E_CLIPS: readonly E2eClip[] = [
  { filename: 'fovea-e2e-amber.flat.mp4', width: 640, height: 360, fps: 30, seconds: 20 },
  // 16 s: the player spec skips it to 6 s and checks it plays on; 8 s ended first on a loaded CI machine.
  { filename: 'fovea-e2e-bravo.180_sbs.mp4', width: 1280, height: 640, fps: 60, seconds: 16 },
  { filename: 'fovea-e2e-charlie.flat.mp4', width: 320, height: 240, fps: 25, seconds: 6 },
  { filename: 'fovea-e2e-delta.flat.mp4', width: 480, height: 272, fps: 30, seconds: 5 },
];

/**
 * A funscript in the clips folder named after seeded scene e2e-2's file, so the scan matches it to that scene
 * (the seed lists the name in its filenames) and draws its heatmap: the scene is the one "scripted" scene.
 */
export const E2E_SCRIPT = { filename: 'e2e-2.funscript', sceneId: 'e2e-2' } as const;

/** A 20-second stroke pattern that speeds up, so the heatmap has several colours. */
export function e2eFunscript(): string {
  const actions: { at: number; pos: number }[] = [];
  let at = 0;
  for (let i = 0; at < 20_000; i++) {
    actions.push({ at, pos: i % 2 === 0 ? 5 : 95 });
    at += Math.max(120, 900 - i * 12);
  }
  return JSON.stringify({ version: '1.0', inverted: false, range: 100, actions });
}

/** Writes the clips and the script to `folder` (created when missing). Keyframes every second keep seeking exact. */
export async function makeE2eClips(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, E2E_SCRIPT.filename), e2eFunscript());
  await Promise.all(
    E2E_CLIPS.map((clip) =>
      run(
        FFMPEG,
        [
          ...['-y', '-v', 'error', '-f', 'lavfi'],
          ...['-i', `testsrc=size=${clip.width}x${clip.height}:rate=${clip.fps}`, '-t', String(clip.seconds)],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', '-g', String(clip.fps)],
          ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', join(folder, clip.filename)],
        ],
        { timeout: 60_000 },
      ),
    ),
  );
}

interface FilePage {
  files: { filename: string; duration: number }[];
  total: number;
}

interface ScriptedScene {
  file: { filename: string; type: string; has_heatmap: boolean }[] | null;
}

/** True once the script is matched to its scene with its heatmap drawn. */
async function scriptReady(baseUrl: string): Promise<boolean> {
  const answer = await fetch(`${baseUrl}/api/scene/${E2E_SCRIPT.sceneId}`);
  if (!answer.ok) return false;
  const scene = (await answer.json()) as ScriptedScene;
  return (scene.file ?? []).some((file) => file.filename === E2E_SCRIPT.filename && file.has_heatmap);
}

/**
 * Adds the clips folder as a storage location (which queues its rescan) and waits until every clip is in
 * the files list with its duration, and the script is matched with its heatmap.
 */
export async function addAndScanClips(baseUrl: string, folder: string): Promise<void> {
  const added = await fetch(`${baseUrl}/api/options/storage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'local', path: folder }),
  });
  if (!added.ok) throw new Error(`Adding ${folder} failed: ${added.status} ${await added.text()}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseUrl}/api/files/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'all', filename: 'fovea-e2e', limit: 50 }),
    });
    if (answer.ok) {
      const page = (await answer.json()) as FilePage;
      const clipsReady = page.total === E2E_CLIPS.length && page.files.every((file) => file.duration > 0);
      if (clipsReady && (await scriptReady(baseUrl))) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The clips folder was not scanned within 60 s');
}
