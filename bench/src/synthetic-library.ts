import { join } from 'node:path';
import { openDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';

/** A deterministic library: scenes across 50 sites, files spread over the first scenes, some unmatched. */
export async function seedSyntheticLibrary(dataDir: string, scenes: number, files: number): Promise<void> {
  const opened = openDatabase(join(dataDir, 'fovea.db'));
  try {
    await migrateToLatest({ opened, backupDir: join(dataDir, 'backups') });
    const { sqlite } = opened;
    const volume = sqlite
      .prepare("INSERT INTO volumes (type, path, is_available) VALUES ('local', '/bench', 1)")
      .run().lastInsertRowid;
    const addScene = sqlite.prepare(
      'INSERT INTO scenes (scene_id, title, site, release_date, duration) VALUES (?, ?, ?, ?, ?)',
    );
    const addFile = sqlite.prepare(
      "INSERT INTO files (volume_id, scene_id, path, filename, type, size, created_time) VALUES (?, ?, '/bench', ?, ?, ?, ?)",
    );
    sqlite.transaction(() => {
      for (let i = 1; i <= scenes; i++) {
        const day = String((i % 28) + 1).padStart(2, '0');
        const month = String((i % 12) + 1).padStart(2, '0');
        addScene.run(
          `bench-${i}`,
          `Bench scene ${i}`,
          `Site ${i % 50}`,
          `20${10 + (i % 15)}-${month}-${day}`,
          30 + (i % 60),
        );
      }
      for (let i = 1; i <= files; i++) {
        const sceneId = i % 10 === 0 ? null : ((i * 7) % scenes) + 1;
        const type = i % 5 === 0 ? 'script' : 'video';
        addFile.run(
          volume,
          sceneId,
          `bench-${i}.${type === 'video' ? 'mp4' : 'funscript'}`,
          type,
          1_000_000 + i,
          '2024-01-01T00:00:00.000Z',
        );
      }
    })();
  } finally {
    await opened.close();
  }
}
