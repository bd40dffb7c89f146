import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';

/**
 * A library with `scenes` scenes, every other one with a video file, so the scene-status refresh has real
 * work to do (and holds its lock long enough to be seen).
 */
export async function seedLibrary(dataDir: string, scenes: number): Promise<void> {
  const opened = openDatabase(join(dataDir, 'fovea.db'));
  try {
    await migrateToLatest({ opened, backupDir: join(dataDir, 'backups') });
    const { sqlite } = opened;
    // The folder is there (and not empty), so the storage location counts as mounted; its seeded file rows
    // stand for files on disk (no spec rescans this folder: a rescan would remove them).
    mkdirSync(join(dataDir, 'videos'), { recursive: true });
    writeFileSync(join(dataDir, 'videos', 'README.txt'), 'Fovea e2e library\n');
    const volume = sqlite
      .prepare("INSERT INTO volumes (type, path, is_available) VALUES ('local', ?, 1)")
      .run(join(dataDir, 'videos')).lastInsertRowid;
    const addScene = sqlite.prepare(
      "INSERT INTO scenes (scene_id, title, site, release_date) VALUES (?, ?, 'E2E Studio', '2024-01-01')",
    );
    const addFile = sqlite.prepare(
      "INSERT INTO files (volume_id, scene_id, path, filename, type, size) VALUES (?, ?, '/videos', ?, 'video', 1000)",
    );
    sqlite.transaction(() => {
      for (let i = 1; i <= scenes; i++) {
        const id = addScene.run(`e2e-${i}`, `E2E scene ${i}`).lastInsertRowid;
        if (i % 2 === 0) addFile.run(volume, id, `e2e-${i}.mp4`);
      }
    })();
  } finally {
    await opened.close();
  }
}
