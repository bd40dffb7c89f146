import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/src/db/database';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH?.trim() || 'ffmpeg';

/** The seeded scene whose video file is real, so previews can be made from it (previews.spec). */
export const PREVIEW_SCENE = { sceneId: 'e2e-10', filename: 'e2e-10.mp4' } as const;

/**
 * Makes seeded scene e2e-10's video file real: a 12-second flat clip in the library's videos folder, with the
 * scene's file row pointed at it (the other seeded file rows stand for files that are not on disk). The file
 * count and names stay those of the seed.
 */
export async function addPreviewSource(dataDir: string): Promise<void> {
  const folder = join(dataDir, 'videos');
  await run(
    FFMPEG,
    [
      ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '12'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', '-pix_fmt', 'yuv420p', '-an'],
      join(folder, PREVIEW_SCENE.filename),
    ],
    { timeout: 60_000 },
  );
  const opened = openDatabase(join(dataDir, 'fovea.db'));
  try {
    const changed = opened.sqlite
      .prepare(
        `UPDATE files SET path = ?, projection = 'flat'
         WHERE filename = ? AND scene_id = (SELECT id FROM scenes WHERE scene_id = ?)`,
      )
      .run(folder, PREVIEW_SCENE.filename, PREVIEW_SCENE.sceneId).changes;
    if (changed !== 1) throw new Error(`The seed has no file row for ${PREVIEW_SCENE.sceneId}`);
  } finally {
    await opened.close();
  }
}
