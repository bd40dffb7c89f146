import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleExporter } from '../../../src/bundles/export/bundle-exporter.service';
import { ExportHarness, byScene, options, quietHooks, sceneIds } from './export-harness';

const h = new ExportHarness();
beforeAll(() => h.setUp());
afterAll(() => h.tearDown());

describe('BundleExporter: failures and concurrent writes', () => {
  it('stopped midway, removes its part file and leaves an earlier backup untouched', async () => {
    const target = join(h.dir, 'download', 'stopped.json');
    mkdirSync(join(h.dir, 'download'), { recursive: true });
    writeFileSync(target, 'the earlier backup');
    const controller = new AbortController();
    let partSeen = false;
    const hooks = quietHooks({
      signal: controller.signal,
      onProgress: (_done, message) => {
        if (!message.startsWith('Writing scenes')) return;
        partSeen = existsSync(`${target}.part`);
        controller.abort(new Error('stopped by the owner'));
      },
    });
    await expect(h.exporter().export(options(), target, hooks)).rejects.toThrow('stopped by the owner');
    expect(partSeen).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('the earlier backup');
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('already stopped, writes nothing', async () => {
    const target = join(h.dir, 'download', 'never.json');
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      h.exporter().export(options(), target, quietHooks({ signal: controller.signal })),
    ).rejects.toThrow('stopped');
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('fails cleanly when the database file is not there', async () => {
    const target = join(h.dir, 'download', 'no-db.json');
    const broken = new BundleExporter({
      databaseFile: join(h.dir, 'missing.db'),
      playlistScenes: () => Promise.resolve([]),
      optionsJson: () => '{}',
    });
    await expect(broken.export(options(), target, quietHooks())).rejects.toThrow();
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('reads one snapshot: a scene written (with its file) while it runs appears in no section', async () => {
    let written = false;
    const write = () => {
      h.opened.sqlite.transaction(() => {
        const scene = h.opened.sqlite
          .prepare("INSERT INTO scenes (scene_id, title, scraper_id) VALUES ('late-1', 'Late', 'sitea')")
          .run();
        h.opened.sqlite
          .prepare(
            "INSERT INTO files (volume_id, path, filename, type, scene_id) SELECT id, '/videos/l', 'late.mp4', 'video', ? FROM volumes WHERE path = '/videos'",
          )
          .run(scene.lastInsertRowid);
        h.opened.sqlite.prepare("UPDATE scenes SET title = 'Renamed' WHERE scene_id = 'sitea-1'").run();
      })();
      written = true;
    };
    const hooks = quietHooks({
      onProgress: (_done, message) => {
        if (!written && message.startsWith('Writing scenes')) write();
      },
    });
    try {
      const { bundle } = await h.exportBundle({}, hooks);
      expect(written).toBe(true);
      expect(sceneIds(bundle.scenes)).not.toContain('late-1');
      expect(sceneIds(bundle.sceneFileLinks)).not.toContain('late-1');
      expect(byScene(bundle.scenes, 'sitea-1')?.title).toBe('First "quoted" scene');
      const after = await h.exportBundle();
      expect(sceneIds(after.bundle.scenes)).toContain('late-1');
      expect(sceneIds(after.bundle.sceneFileLinks)).toContain('late-1');
    } finally {
      h.opened.sqlite.prepare("DELETE FROM files WHERE filename = 'late.mp4'").run();
      h.opened.sqlite.prepare("DELETE FROM scenes WHERE scene_id = 'late-1'").run();
      h.opened.sqlite
        .prepare(`UPDATE scenes SET title = 'First "quoted" scene' WHERE scene_id = 'sitea-1'`)
        .run();
    }
  });
});
